import os, json, importlib.util
BASE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = {}
for i in range(1, 6):
    spec = importlib.util.spec_from_file_location(f"n{i}", os.path.join(BASE, "gen", f"notes{i}.py"))
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    for k in m.N:
        assert k not in N, k
    N.update(m.N)
for k, v in N.items():
    path = os.path.join(BASE, "vault", k + ".md")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(v)
print("notes:", len(N))

def q(id, kind, notes, facts, phr, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    return d

quick = [
 q("q01","supersession",["meetings/2024-09-winery-meeting"],["\\b12 ?°? ?C\\b|\\b12 ?degrees"],
   ["What temperature are we fermenting the Bacchus at?","Bacchus ferment temperature setpoint","wat temp is the bacchus fermenting at now"],
   ["winery/ferment-temperatures"]),
 q("q02","supersession",["suppliers/harcourt-packaging"],["Harcourt"],
   ["Who do we buy our bottles and screwcaps from these days?","glass and closures supplier","who r we getting glass n caps from now"],
   ["suppliers/clearline-glass"]),
 q("q03","supersession",["cellar-door/tour-prices-v2"],["£ ?22\\b|\\b22 ?(pounds|quid|pp)"],
   ["How much is the standard vineyard tour and tasting per person?","standard tour and tasting price","how much r we charging for the normal tour"],
   ["cellar-door/tour-prices"]),
 q("q04","supersession",["harvest/pickers-chat-sep-2024"],["13\\.10"],
   ["What hourly rate are we paying the pickers?","pickers hourly rate","whats the pickers rate per hr"],
   ["harvest/pickers-pay-2024"]),
 q("q05","supersession",["cellar-door/opening-hours-2024"],["\\b10 ?(am|a\\.m\\.|:00|\\.00)|\\b10 o.?clock|\\bten (am|o.?clock)"],
   ["What time does the shop open on a Saturday?","Saturday opening time cellar door","wot time do we open saturdays"],
   ["cellar-door/opening-hours-2023"]),
 q("q06","supersession",["winery/so2-erratum"],["\\b3 ?g ?(/|per) ?h(l|ectolit)"],
   ["How much SO2 do we add at the press?","PMS rate at pressing","how much sulphur in the press tray again"],
   ["winery/so2-additions"]),
 q("q07","supersession",["meetings/staff-meeting-2024-06"],["Priya"],
   ["Who is our health and safety lead?","H&S lead","who do i report a near miss to"],
   ["safety/health-and-safety-policy"]),
 q("q08","supersession",["cellar-door/shop-team-meeting-mar-2024"],["\\bon (a )?leads?\\b"],
   ["Can people bring their dogs on the vineyard tour?","dogs on tours policy","customer asking if her dog can come on the tour, can it"],
   ["cellar-door/tour-booking-procedure"]),
 q("q09","table",["harvest/sugar-acid-readings-2024"],["11\\.2"],
   ["What was the TA on the Sallow Bank Pinot Noir at the 3 October reading?","TA Sallow Bank pinot noir 3 Oct 2024","what was the acid on SB pinot on the 3rd oct"]),
 q("q10","table",["winery/tank-allocation-2024"],["\\bT ?4\\b|tank (no\\.? ?)?4\\b|tank four"],
   ["Which tank is the 2024 Bacchus in?","Bacchus 2024 tank number","wich tank has the bacchus in it"]),
 q("q11","table",["sales/wholesale-price-list-2024"],["\\b105(\\.00)?\\b"],
   ["What's the trade price for a case of the Sallow Bank Pinot Noir?","trade case price Sallow Bank Pinot Noir 2022","how much is a case of the pinot noir trade"]),
 q("q12","cause",["harvest/2023-harvest-review"],["botrytis|bunch rot|\\brot\\b","rain"],
   ["Why did we pick the Bacchus early in 2023?","reason Bacchus 2023 picked early","why was the bacchus picked so early last yr"]),
 q("q13","cause",["winery/cold-stability-test-feb-2025"],["cold.?stab|tartrate"],
   ["Why was the March Bacchus bottling postponed?","Bacchus bottling March 2025 postponed reason","why did the bacchus bottling get moved"]),
 q("q14","deep",["meetings/owners-meeting-2024-11"],["£ ?750|\\b750 ?(pounds|quid)"],
   ["What excess did we go for on the insurance renewal?","insurance renewal excess per claim","wat excess did we pick on the insurance"]),
 q("q15","deep",["meetings/staff-meeting-2024-04"],["4417"],
   ["What's the code for the Sallow Bank field gate?","Sallow Bank gate padlock code","whats the gate code up at sallow bank"]),
 q("q16","person",["suppliers/bottlewagon-mobile-bottling","suppliers/contacts-list"],["Dunmore"],
   ["Who is our contact at the mobile bottling firm?","mobile bottler contact name","who do i ring at bottlewagon"]),
 q("q17","person",["vineyard/agronomist-visit-jul-2024","suppliers/contacts-list"],["Frances|Hale"],
   ["Who is the agronomist we use?","agronomist name","whos our agronomist again"]),
 q("q18","person",["harvest/picking-rota-2024"],["Marius"],
   ["Who leads the picking gang?","picking gang leader","who's in charge of the pickers in the field"]),
 q("q19","date",["winery/bottling-schedule-2025"],["14(th)? May|14/0?5|May 14"],
   ["When is the Bacchus 2024 bottling now booked for?","Bacchus 2024 bottling date","when's bottlewagon coming for the bacchus"]),
 q("q20","date",["office/wine-standards-inspection"],["22(nd)? Oct|22/10|Oct(ober)? 22"],
   ["When was the Wine Standards inspector's visit?","Wine Standards inspection date 2024","when did the wine inspector come"]),
 q("q21","number",["winery/bottling-run-bacchus-apr-2024"],["6,?240"],
   ["How many bottles did we get from the April 2024 Bacchus bottling run?","bottles filled Bacchus 2023 bottling April","how many bottles off the april bacchus run"]),
 q("q22","number",["sales/stock-and-duty-dec-2024"],["\\b318\\b"],
   ["How many cases of Classic Cuvée 2020 did we have at the year-end stock count?","Classic Cuvee 2020 cases in stock December","how many cases of cuvee left at the stock count"]),
 q("q23","number",["safety/co2-procedure"],["0\\.5 ?%|5,?000 ?ppm"],
   ["At what CO2 level does the amber alarm go off in the tank hall?","CO2 amber alarm level","what level does the co2 alarm go amber at"]),
 q("q24","plain",["safety/chemicals-store"],["key ?safe"],
   ["Where is the spare key for the chemicals store?","chemicals store spare key location","wheres the spare key for the chem store"]),
]

lookalikes = [
 ("Sallow Bank","Sallow Copse","How many rows of Chardonnay are there on the Sallow Copse block?"),
 ("Swiftdrop Couriers","Swiftdrop Freight","When did Swiftdrop Freight last collect a pallet from us?"),
 ("Felix Oduya","Felix Ogden","whats Felix Ogden's mobile number"),
 ("Brennkamp PN-18","Brennkamp PN-30","Which press programme do we use on the Brennkamp PN-30 for sparkling base?"),
 ("Haddow Farm Shop","Haddow Farm Dairy","how many cases did Haddow Farm Dairy order last month"),
 ("Midsummer Open Day","Midsummer Wine Festival","How many tickets did we sell for the Midsummer Wine Festival?"),
]
ood = []
for i,(p,a,qq) in enumerate(lookalikes,1):
    ood.append({"id":f"ood{i:02d}","type":"lookalike","present_twin":p,"absent_twin":a,"question":qq})
for i,qq in enumerate([
 "what's the weather going to be like in Lisbon tomorrow",
 "Can you give me a recipe for beef bourguignon?",
 "who won the 2019 rugby world cup",
 "What is the capital of Australia?",
 "how many miles is a marathon",
 "Any good films on at the cinema this weekend?"],7):
    ood.append({"id":f"ood{i:02d}","type":"offtopic","question":qq})

inv = [
 {"id":"inv1","topic":"can you pull together everything we've got on fermentation temps for the whites, esp the bacchus",
  "relevant":["winery/ferment-temperatures","meetings/2024-09-winery-meeting","winery/ferment-log-bacchus-2024","winery/glycol-chiller-service","harvest/harvest-plan-2024","office/equipment-maintenance-log"],
  "facts":["\\b12 ?°? ?C\\b|\\b12 ?degrees","chiller|glycol"]},
 {"id":"inv2","topic":"report on tours pls - prices, booking rules, dogs etc",
  "relevant":["cellar-door/tour-prices","cellar-door/tour-prices-v2","cellar-door/tour-booking-procedure","cellar-door/shop-team-meeting-mar-2024","cellar-door/midsummer-open-day-2024","cellar-door/tasting-room-procedures","meetings/owners-meeting-2024-11"],
  "facts":["£ ?22\\b|\\b22 ?(pounds|pp)","\\bon (a )?leads?\\b"]},
 {"id":"inv3","topic":"Pull together everything we have on frost protection",
  "relevant":["vineyard/frost-protection-plan","vineyard/frost-night-chat-apr-2024","vineyard/weather-station","vineyard/sites-overview","meetings/owners-meeting-2024-11","meetings/staff-meeting-2024-04","vineyard/agronomist-visit-jul-2024","office/insurance-renewal-2024","vineyard/sallow-bank-lease"],
  "facts":["candle|bougie","fleece","frost fan"]},
 {"id":"inv4","topic":"write me up what we know about downy mildew and the spray programme",
  "relevant":["vineyard/spray-programme-2024","vineyard/downy-mildew-outbreak-jun-2024","vineyard/agronomist-visit-jul-2024","suppliers/fenwick-agri-spraying","vineyard/canopy-work-notes","meetings/staff-meeting-2024-06","safety/chemicals-store"],
  "facts":["Fenwick|Gary","phosphonate|copper","7.day"]},
 {"id":"inv5","topic":"everything on CO2 safety in the winery please",
  "relevant":["safety/co2-procedure","safety/co2-alarm-incident-oct-2024","safety/training-record-2024","meetings/2024-09-winery-meeting","winery/ferment-log-bacchus-2024","safety/health-and-safety-policy","office/equipment-maintenance-log","winery/ferment-temperatures"],
  "facts":["0\\.5 ?%|5,?000 ?ppm","fan|extract"]},
 {"id":"inv6","topic":"summary of our bottling runs, who bottles for us and what's coming up",
  "relevant":["winery/bottling-run-bacchus-apr-2024","suppliers/bottlewagon-mobile-bottling","winery/bottling-schedule-2025","winery/cold-stability-test-feb-2025","suppliers/harcourt-packaging","meetings/staff-meeting-2024-04","sales/label-rules","winery/so2-additions"],
  "facts":["Bottlewagon|Dunmore","14(th)? May|cold.?stab"]},
 {"id":"inv7","topic":"report on wholesale - customers, prices, orders, delivery",
  "relevant":["sales/wholesale-price-list-2024","sales/marlow-tye-order-oct-2024","sales/thornbury-wines","sales/haddow-farm-shop","suppliers/swiftdrop-couriers","meetings/owners-meeting-2024-11","sales/stock-and-duty-dec-2024"],
  "facts":["Marlow","Swiftdrop|courier"]},
 {"id":"inv8","topic":"what have we got on tractor safety on the slopes at sallow bank",
  "relevant":["safety/tractors-on-slopes","safety/training-record-2024","office/equipment-maintenance-log","meetings/staff-meeting-2024-04","vineyard/sites-overview","harvest/harvest-plan-2024","suppliers/fenwick-agri-spraying","safety/health-and-safety-policy"],
  "facts":["roll ?bar|ROPS","up.and.down|cross.slope"]},
]

about = ("Invented small English vineyard and winery, Vetch Hill Vineyard (Ashcombe St Giles): Home Block at the "
 "winery and the rented Sallow Bank hillside plot, winery with tanks and a Brennkamp PN-18 press, mobile bottler, "
 "cellar door shop with tours and tastings. The vault has 65 notes in 10 folders (vineyard, harvest, winery, "
 "cellar-door, sales, suppliers, safety, meetings, office, social) in mixed hands and formats. 'quick' holds 24 "
 "single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), each "
 "with three phrasings and regex facts; 'out_of_domain' holds 6 look-alike questions about absent twins of real "
 "names and 6 off-topic questions the notes cannot answer; 'investigations' holds 8 report requests with the "
 "notes a good report would list and 2-3 regex facts. Written blind from a brief.")

gold = {"_about": about, "quick": quick, "out_of_domain": ood, "investigations": inv,
        "lookalikes": [{"present": p, "absent": a} for p,a,_ in lookalikes]}
with open(os.path.join(BASE, "gold.json"), "w", encoding="utf-8") as f:
    json.dump(gold, f, indent=1, ensure_ascii=False)
print("gold written")
