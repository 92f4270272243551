"""Build vault/ and gold.json from make_vault_*.py (standard library only)."""
import importlib.util, json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
NOTES = {}
for i in range(1, 6):
    spec = importlib.util.spec_from_file_location(f"mv{i}", os.path.join(HERE, f"make_vault_{i}.py"))
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    for k in m.NOTES:
        assert k not in NOTES, k
    NOTES.update(m.NOTES)

for drop in ["technicians/technicians-training-log", "suppliers/reprographics-and-stationery"]:
    NOTES.pop(drop, None)

vault = os.path.join(HERE, "vault")
if os.path.isdir(vault):
    shutil.rmtree(vault)
for nid, text in NOTES.items():
    path = os.path.join(vault, nid + ".md")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.lstrip("\n"))

def q(id_, notes, facts, phr, kind, sup=None):
    d = {"id": id_, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup:
        d["superseded"] = sup
    return d

quick = [
    q("q01", ["meetings/2024-01-16-dept-meeting"], [r"\b(4|four) (full )?(working |school )?days"],
      ["How many days before the lesson does a practical requisition have to be in?",
       "practical requisition deadline",
       "hw far ahead do reqs need to go in to the techs now"], "supersession", ["procedures/practical-requisitions"]),
    q("q02", ["suppliers/corvale-lab-chemicals"], [r"corvale"],
      ["Which supplier do we order our chemicals from?",
       "chemical supplier account",
       "who do we order chemicals thru these days"], "supersession", ["suppliers/brindle-scientific-account"]),
    q("q03", ["safety-checks/airsure-quote-erratum"], [r"£ ?79\b|\b79 ?(pounds|gbp)"],
      ["How much is AirSure charging per fume cupboard for the annual test?",
       "AirSure fume cupboard test price per cupboard",
       "whats airsure charging us per cupbaord"], "supersession", ["safety-checks/airsure-quote-2023"]),
    q("q04", ["safety-checks/rps-contacts-v2"], [r"mercer"],
      ["Who is our Radiation Protection Supervisor?",
       "RPS radioactive sources responsible person",
       "who's rps now for the sources"], "supersession", ["safety-checks/radiation-protection-supervisor"]),
    q("q05", ["practicals/microbiology-checklist-2024"], [r"\b25 ?(°|º|degrees?|deg)? ?c\b|\b25 ?degrees"],
      ["What temperature should the microbiology incubator be set to?",
       "incubator set point microbiology",
       "wat temp is the incubator meant to be on"], "supersession", ["practicals/incubator-settings"]),
    q("q06", ["inbox/dept-whatsapp-feb", "meetings/2024-03-07-dept-meeting"], [r"\bthu(rs(day)?)?\b", r"\b(3|15)[.:]40"],
      ["When are science department meetings held now?",
       "department meeting day and time",
       "what day n time is dept meeting"], "supersession", ["admin/meeting-schedule"]),
    q("q07", ["inbox/fwd-hod-prep-room-email"],
      [r"no (students|pupils|sixth[- ]formers)|(students|pupils|helpers) (are )?(not|never) (allowed|permitted)|not (allowed|permitted)"],
      ["Can sixth-form helpers come into the prep room if a technician is with them?",
       "prep room sixth form helpers allowed",
       "can my y12 helper go in prep room w a tech"], "supersession", ["procedures/prep-room-rules"]),
    q("q08", ["events/science-fair-update"], [r"\b21(st)? march|21/0?3"],
      ["What date is the Y7/Y8 science fair?",
       "science fair date",
       "when's the sci fair again"], "supersession", ["events/science-fair-2024-plan"]),
    q("q09", ["chem-store/inventory-2023-autumn"], [r"\bB2\b"],
      ["Which cabinet in the chemical store is the sodium hydroxide kept in?",
       "sodium hydroxide pellets location chemical store",
       "where's the naoh pellets in the store"], "table"),
    q("q10", ["technicians/rota-spring-2024"], [r"tomasz"],
      ["Who is on the late shift on Wednesdays this term?",
       "technician late shift Wednesday",
       "whos on lates weds"], "table"),
    q("q11", ["safety-checks/fume-cupboard-results-2023"], [r"0\.37"],
      ["What face velocity did the K2 fume cupboard get at the last AirSure test?",
       "K2 fume cupboard face velocity result",
       "k2 fume cupbord reading?"], "table"),
    q("q12", ["safety-checks/k1-fume-cupboard-out-of-use"], [r"belt"],
      ["Why did the K1 fume cupboard fail its test?",
       "K1 fume cupboard failure cause",
       "why did k1 fume cupboard fail"], "cause"),
    q("q13", ["safety-checks/fire-alarm-ashdown-oct"], [r"autoclave", r"steam"],
      ["Why did the fire alarm go off in the Ashdown block in October?",
       "Ashdown fire alarm October cause",
       "why did the alarm go off in ashdown in oct"], "cause"),
    q("q14", ["meetings/2023-09-12-dept-meeting"], [r"6,?850"],
      ["What is the science consumables budget for this year?",
       "consumables budget 2023-24",
       "how much is our consumables budget this yr"], "deep"),
    q("q15", ["meetings/2024-03-07-dept-meeting"], [r"\b9(th)? april|09/04|\b9/4\b"],
      ["When is the gas safety inspection this year?",
       "gas safety inspection date Pellbridge",
       "when r the gas people coming"], "deep"),
    q("q16", ["inbox/fwd-advisory-newsletter", "admin/department-contacts"], [r"calloway"],
      ["Who is our named adviser at the advisory service?",
       "WSSAS adviser contact",
       "who's our guy at the advisory service"], "person"),
    q("q17", ["chem-store/store-rules"], [r"pellow|graham"],
      ["Who holds the key to the chemical store?",
       "chemical store key holder",
       "who has the chem store key"], "person"),
    q("q18", ["events/science-club"], [r"kemble|zofia"],
      ["Who runs science club?",
       "science club organiser",
       "who does sci club"], "person"),
    q("q19", ["suppliers/greyhollow-waste-contract"], [r"\b6(th)? june|06/06|\b6/6\b"],
      ["When is Greyhollow coming for the next waste collection?",
       "Greyhollow next collection date",
       "when's the waste pickup"], "date"),
    q("q20", ["events/tadmoor-farm-field-day", "inbox/fwd-tadmoor-farm-email"], [r"\b18(th)? june|18/0?6"],
      ["When is the Y12 biology field day at Tadmoor Farm?",
       "Tadmoor Farm field day date",
       "tadmoor trip what day"], "date"),
    q("q21", ["chem-store/store-rules"], [r"\b50 ?(l\b|litres?|liters?|ltrs?)"],
      ["What's the most flammable liquid we're allowed to keep in the chemical store?",
       "flammable liquids limit chemical store",
       "how much flammables can we keep in the store max"], "number"),
    q("q22", ["events/tadmoor-farm-field-day"], [r"14\.50"],
      ["How much does the Tadmoor Farm field day cost per student?",
       "Tadmoor field day cost per student",
       "how much is tadmoor per kid"], "number"),
    q("q23", ["inbox/fwd-advisory-newsletter", "safety-checks/fume-cupboard-results-2023"],
      [r"0\.3 ?m ?/ ?s|0\.3 ?(metres|meters) (per|a) second|0\.30\b"],
      ["What average face velocity does a fume cupboard need to pass its test?",
       "fume cupboard minimum face velocity",
       "whats the pass mark face velocity for fume cupboards"], "number"),
    q("q24", ["procedures/microbiology-waste"], [r"autoclav"],
      ["What do we do with used agar plates?",
       "used agar plates disposal",
       "wot do i do with old agar plates"], "plain"),
]

lookalikes = [
    ("Kestrel Annexe", "Kestrel House", "What time do the labs in Kestrel House open up in the morning?"),
    ("Brindle Scientific", "Brindle Optics", "What's our account number with Brindle Optics for the microscope repairs?"),
    ("Declan Hoyle", "Declan Hale", "Which classes does Declan Hale teach on Fridays?"),
    ("Clearflow FC-900", "Clearflow FC-1200", "When was the Clearflow FC-1200 fume cupboard last serviced?"),
    ("Tadmoor Farm", "Tadmoor Marsh", "How much is the coach to Tadmoor Marsh for the Y13 trip?"),
    ("Wessendale Chemistry Challenge", "Wessendale Physics Challenge", "Who is in our team for the Wessendale Physics Challenge this year?"),
]
ood = []
for i, (p, a, qq) in enumerate(lookalikes, 1):
    ood.append({"id": f"ood{i:02d}", "type": "lookalike", "present_twin": p, "absent_twin": a, "question": qq})
offtopic = [
    "What's the weather going to be like on Saturday?",
    "got a good recipe for banana bread?",
    "Who won the 2019 Rugby World Cup?",
    "What is the capital of Australia?",
    "how do i get a red wine stain out of a carpet",
    "Which film won best picture at the Oscars last year?",
]
for j, qq in enumerate(offtopic, 7):
    ood.append({"id": f"ood{j:02d}", "type": "offtopic", "question": qq})

inv = [
    {"id": "inv1", "topic": "can you pull together everything we have on moving our chemical orders from Brindle to Corvale",
     "relevant": ["suppliers/brindle-scientific-account", "suppliers/corvale-lab-chemicals", "meetings/2024-01-16-dept-meeting",
                  "meetings/2024-02-08-technicians-meeting", "chem-store/stock-check-jan", "technicians/handover-notes-tomasz",
                  "meetings/2024-03-07-dept-meeting", "inbox/slack-techs-ethanol-spill"],
     "facts": [r"corvale", r"next[- ]day", r"\b9 ?%|late deliver"]},
    {"id": "inv2", "topic": "report on the fume cupboards pls - test results, the K1 failure, what AirSure charge",
     "relevant": ["safety-checks/airsure-quote-2023", "safety-checks/airsure-quote-erratum", "safety-checks/fume-cupboard-results-2023",
                  "safety-checks/k1-fume-cupboard-out-of-use", "meetings/2023-11-07-dept-meeting", "inbox/fwd-advisory-newsletter",
                  "meetings/2024-02-08-technicians-meeting", "technicians/handover-notes-tomasz"],
     "facts": [r"£ ?79\b", r"0\.22", r"belt"]},
    {"id": "inv3", "topic": "everything on spills and near misses this year",
     "relevant": ["technicians/near-miss-log", "procedures/spill-procedure", "inbox/slack-techs-ethanol-spill",
                  "safety-checks/fire-alarm-ashdown-oct", "meetings/2023-11-07-dept-meeting", "meetings/2024-02-08-technicians-meeting",
                  "inbox/fwd-hod-prep-room-email", "chem-store/clearout-list-2024"],
     "facts": [r"ethanol", r"mercury"]},
    {"id": "inv4", "topic": "write up what we've got on the Y12 Tadmoor Farm field day",
     "relevant": ["events/tadmoor-farm-field-day", "inbox/fwd-tadmoor-farm-email", "meetings/2024-03-07-dept-meeting",
                  "meetings/2023-09-12-dept-meeting", "technicians/loan-book-transcript", "technicians/handover-notes-tomasz",
                  "procedures/equipment-loans"],
     "facts": [r"18(th)? june", r"14\.50"]},
    {"id": "inv5", "topic": "required practicals - where are we with Y11 and what does the exam board want",
     "relevant": ["practicals/required-practicals-tracker", "practicals/exam-board-email-lab-books", "meetings/2023-09-12-dept-meeting",
                  "meetings/2024-01-16-dept-meeting", "meetings/2024-03-07-dept-meeting", "practicals/microbiology-checklist-2024",
                  "technicians/handover-notes-tomasz"],
     "facts": [r"15(th)? may", r"electrolysis|specific heat"]},
    {"id": "inv6", "topic": "pull together everything on chemical waste disposal - contractor, collections, what goes where",
     "relevant": ["suppliers/greyhollow-waste-contract", "chem-store/clearout-list-2024", "procedures/microbiology-waste",
                  "meetings/2024-03-07-dept-meeting", "technicians/handover-notes-tomasz", "procedures/spill-procedure",
                  "meetings/2023-09-12-dept-meeting", "chem-store/store-rules"],
     "facts": [r"greyhollow", r"6(th)? june", r"picric"]},
    {"id": "inv7", "topic": "breakages and budget this year, where's the money gone",
     "relevant": ["technicians/breakages-2023-24", "meetings/2023-09-12-dept-meeting", "meetings/2023-11-07-dept-meeting",
                  "suppliers/tallis-equipment-order-feb", "meetings/2024-02-08-technicians-meeting", "events/science-club"],
     "facts": [r"6,?850", r"412\.60", r"burette"]},
    {"id": "inv8", "topic": "report on the chemical store - rules, what's in it, hazardous stuff",
     "relevant": ["chem-store/inventory-2023-autumn", "chem-store/store-rules", "chem-store/hazardous-substances-register",
                  "chem-store/clearout-list-2024", "chem-store/stock-check-jan", "admin/new-staff-induction-checklist",
                  "technicians/rota-spring-2024"],
     "facts": [r"\b50 ?(l\b|litres?)", r"pellow"]},
]

gold = {
    "_about": ("Blind evaluation vault for a team-chat research assistant. Domain: the invented science department of "
               "Millbrook Cross School (11-18), with the Ashdown Block (labs A1-A6 and prep room) and the older Kestrel Annexe "
               "(labs K1, K2 and the chemical store), seen through technicians' and teachers' notes. Folders: admin, meetings, "
               "procedures, chem-store, suppliers, safety-checks, practicals, technicians, events, inbox. 'quick' holds 24 "
               "single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), each "
               "with three phrasings and regex facts; 'out_of_domain' holds 6 questions about absent look-alike twins of things "
               "in the vault and 6 off-topic questions; 'investigations' holds 8 report requests with the notes a good report "
               "would list and key facts it should state."),
    "quick": quick,
    "out_of_domain": ood,
    "investigations": inv,
    "lookalikes": [a for _, a, _ in lookalikes],
}
with open(os.path.join(HERE, "gold.json"), "w", encoding="utf-8") as f:
    json.dump(gold, f, indent=1, ensure_ascii=False)
print("notes:", len(NOTES))
