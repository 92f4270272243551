import os, importlib.util, shutil
here = os.path.dirname(os.path.abspath(__file__))
allN = {}
for i in range(1, 6):
    spec = importlib.util.spec_from_file_location(f"g{i}", os.path.join(here, f"gen_notes{i}.py"))
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    for k in m.N:
        assert k not in allN, k
    allN.update(m.N)
v = os.path.join(here, "vault")
if os.path.isdir(v): shutil.rmtree(v)
for k, t in allN.items():
    p = os.path.join(v, k + ".md")
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        f.write(t)
print(len(allN), "notes;", len({k.split('/')[0] for k in allN}), "folders")
