import json
Q = []
def q(id, notes, facts, phr, kind, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    Q.append(d)

q("q01", ["meetings/2024-02-16-friday-production"], [r"\b35 ?(°|º|deg|degrees|c\b)"],
  ["What temperature should the laminator top roller be set to now?",
   "laminator top roller setpoint",
   "wat temp we runnin the lamintor at now"], "supersession", ["procedures/laminating-procedure"])
q("q02", ["suppliers/pennine-ink"], [r"pennine"],
  ["Who do we buy our printer ink from now?",
   "current ink supplier",
   "whos our ink supplier these days, still inkline?"], "supersession", ["suppliers/ink-supplier"])
q("q03", ["office/price-list-v2"], [r"£ ?60\b|\b60 ?(pounds|quid)"],
  ["What's our minimum charge on a job at the moment?",
   "minimum charge current price list",
   "whats the min charge now for a single sticker job"], "supersession", ["office/price-list"])
q("q04", ["office/deposits-2024"], [r"\b40 ?(%|per ?cent)"],
  ["Do account customers have to pay a deposit on a van wrap now, and how much?",
   "deposit van wrap account customers",
   "does coxon need to pay a deposit for his new van wrap hes on account"], "supersession", ["office/payment-terms"])
q("q05", ["meetings/meeting-time-chat"], [r"\b1[.:]30|half (past )?one|13[.:]?30"],
  ["What time is the Friday production meeting these days?",
   "Friday production meeting time",
   "wat time is fri prod meeting now"], "supersession", ["meetings/friday-meeting-format"])
q("q06", ["safety/ladder-checks-2024"], [r"\bryan\b|pearce"],
  ["Who is responsible for the weekly ladder inspections?",
   "ladder inspections responsible person",
   "who does the ladder checks on a monday"], "supersession", ["safety/ladder-register"])
q("q07", ["procedures/vinyl-guide-erratum"], [r"\bp ?-?72\b"],
  ["Which vinyl should we use for an outdoor flat sign that needs to last five years?",
   "outdoor flat sign vinyl 5 years",
   "what vinyl for outdoor dibond sign, still p50?"], "supersession", ["procedures/vinyl-guide"])
q("q08", ["office/fwd-turnaround-change"], [r"\b(7|seven) (working )?days"],
  ["What's our standard turnaround time for a job?",
   "standard turnaround working days",
   "how long is standard turnround now, customer asking"], "supersession", ["procedures/job-tickets"])
q("q09", ["machines/router-settings"], [r"\b1,?800\b"],
  ["What feed rate do we use on the router for 3mm acrylic?",
   "router feed rate 3mm acrylic",
   "whats the feed for 3mm acrylic on the router mm/min"], "table")
q("q10", ["jobs/wrap-film-quantities"], [r"\b21 ?(m\b|metres|meters|mtrs)"],
  ["How many metres of film do we allow for a full wrap on a Transit Custom LWB?",
   "film metres full wrap Transit Custom LWB",
   "how much film for a full wrap on a custom lwb"], "table")
q("q11", ["procedures/laminate-rules"], [r"FL-? ?40|anti-?slip"],
  ["Which laminate do we put on floor graphics?",
   "floor graphics laminate",
   "wat lam goes on floor graphics"], "table")
q("q12", ["jobs/coxon-plumbing-wrap-redo"], [r"post[- ]?heat", r"recess"],
  ["Why did the wrap on the Coxon Plumbing van fail?",
   "Coxon van wrap lifting cause",
   "why did coxons wrap lift"], "cause")
q("q13", ["safety/near-miss-2023-10"], [r"gravel", r"foot(ed|ing)?\b|stabili[sz]er"],
  ["Why did the ladder slip in the near miss at Whinny Hill Farm Shop?",
   "Whinny Hill near miss cause ladder",
   "how come ryans ladder went at whinny hill"], "cause")
q("q14", ["meetings/2023-09-15-friday-production"], [r"500 ?mm|50 ?cm|half (a )?met(re|er)"],
  ["How far apart should the eyelets be on a banner?",
   "banner eyelet spacing",
   "eyelets on banners how far apart again"], "deep")
q("q15", ["meetings/2024-04-19-friday-production"], [r"\b2[.:]30|half (past )?two|14[.:]?30"],
  ["What's the cut-off time for a same-day courier?",
   "same-day courier cut-off",
   "whats the cutoff for same day courier, got a rush job"], "deep")
q("q16", ["suppliers/printcare-service"], [r"\braj\b|bhogal"],
  ["Who is our printer service engineer?",
   "printer service engineer name",
   "who do i ring when the printer breaks, the engineer"], "person")
q("q17", ["customers/brightwater-fleet-contract"], [r"selkirk|\bandy\b"],
  ["Who is the fleet manager at Brightwater Homecare?",
   "Brightwater fleet manager contact",
   "whos the fleet guy at brightwater"], "person")
q("q18", ["jobs/illuminated-sign-consent"], [r"gatenby|\bhelen\b"],
  ["Who is our contact at the council for consent on illuminated signs?",
   "council planning officer illuminated signs",
   "who do we talk to at the council about lit signs planning"], "person")
q("q19", ["safety/near-miss-2023-10"], [r"\b10(th)? oct|oct\w* 10(th)?\b|10/10/(20)?23|2023-10-10"],
  ["When did the ladder near miss happen?",
   "date ladder near miss",
   "when was ryans fall off the ladder"], "date")
q("q20", ["customers/brightwater-schedule", "meetings/2024-04-19-friday-production"], [r"\b3(rd)? june|june 3(rd)?\b|0?3/0?6/(20)?24|2024-06-03"],
  ["When do the first Brightwater vans come into the bay?",
   "Brightwater first vans start date",
   "when do the brightwater vans start comin in"], "date")
q("q21", ["customers/brightwater-fleet-contract"], [r"\b42\b|forty[- ]two"],
  ["How many vans are in the Brightwater contract?",
   "number of vans Brightwater contract",
   "how many vans is brightwater again"], "number")
q("q22", ["suppliers/heightwise-access"], [r"£ ?165\b"],
  ["How much does the 12m cherry picker cost per day to hire?",
   "cherry picker day rate 12m",
   "how much is the cherry picker a day from heightwise"], "number")
q("q23", ["procedures/print-room-rules"], [r"24 ?(h\b|hours?|hrs)"],
  ["How long do eco-solvent prints need to gas off before laminating?",
   "eco-solvent gas off time before laminating",
   "how long do prints off the vs540 need b4 lam"], "number")
q("q24", ["machines/plotter-notes"], [r"red tin|gr[ea]y cabinet"],
  ["Where are the spare plotter blades kept?",
   "spare plotter blades location",
   "where r the spare blades for the plotter"], "plain")

lookalikes = [
 {"id": "ood01", "present": "Oakfield Retail Park", "absent": "Oakfield Business Park"},
 {"id": "ood02", "present": "Northfilm Media", "absent": "Northfilm Graphics"},
 {"id": "ood03", "present": "Kelly Armitage", "absent": "Kelly Armstrong"},
 {"id": "ood04", "present": "Veloprint VS-540", "absent": "Veloprint VS-640"},
 {"id": "ood05", "present": "Whinny Hill Farm", "absent": "Whinny Hill Stables"},
 {"id": "ood06", "present": "Blackmere Business Awards", "absent": "Blackmere Business Expo"},
]
ood_q = {
 "ood01": "what height was the fascia we put up at Oakfield Business Park, did we need the cherry picker?",
 "ood02": "whats our account number with Northfilm Graphics",
 "ood03": "What shifts is Kelly Armstrong on next week?",
 "ood04": "when was the Veloprint VS-640 last serviced",
 "ood05": "What did we quote Whinny Hill Stables for their yard signs?",
 "ood06": "who went to the Blackmere Business Expo and did we get any leads from it",
}
OOD = [{"id": l["id"], "type": "lookalike", "present_twin": l["present"], "question": ood_q[l["id"]]} for l in lookalikes]
for i, qq in enumerate([
  "whats the weather looking like in Newcastle tomorrow",
  "anyone got a good recipe for stottie cake?",
  "Who won the FA Cup in 1955?",
  "what's the capital of Australia",
  "how many km is 26 miles",
  "when should I plant tulip bulbs?",
], start=7):
    OOD.append({"id": f"ood{i:02d}", "type": "offtopic", "question": qq})

INV = [
 {"id": "inv1", "topic": "can u pull together everything we have on the laminator - settings, which lam for what, the silvering problem",
  "relevant": ["procedures/laminating-procedure", "meetings/2024-02-16-friday-production", "procedures/laminate-rules",
               "procedures/print-room-rules", "machines/laminator-cleaning", "meetings/2024-01-12-friday-production",
               "meetings/2024-04-19-friday-production", "suppliers/northfilm-media", "staff/overtime-2024-q1"],
  "facts": [r"\b35 ?(°|º|deg|degrees|c\b)", r"silvering", r"1\.5 ?m ?/ ?min"]},
 {"id": "inv2", "topic": "report on deposits and payment terms pls - whats the current rule and why it changed",
  "relevant": ["office/payment-terms", "office/deposits-2024", "meetings/owners-meeting-2024-02", "customers/marwood-motors-lost",
               "customers/brightwater-fleet-contract", "office/price-list-v2", "meetings/2024-03-22-friday-production",
               "customers/account-customers", "procedures/job-tickets", "meetings/2023-11-24-friday-production"],
  "facts": [r"\b40 ?(%|per ?cent)", r"marwood", r"3,?870"]},
 {"id": "inv3", "topic": "pull together everything on the ladder near miss and our working at height stuff",
  "relevant": ["safety/near-miss-2023-10", "safety/toolbox-talk-stabilisers", "procedures/working-at-height",
               "safety/ladder-register", "safety/ladder-checks-2024", "meetings/2023-10-13-friday-production",
               "meetings/2023-11-24-friday-production", "office/insurance-renewal", "jobs/whinny-hill-farm-shop"],
  "facts": [r"gravel", r"stabili[sz]er"]},
 {"id": "inv4", "topic": "write up the coxon van wrap that failed and the redo - what went wrong, cost, what we changed",
  "relevant": ["jobs/coxon-plumbing-wrap-redo", "jobs/coxon-wrap-chat", "meetings/2023-10-13-friday-production",
               "meetings/2023-11-24-friday-production", "procedures/van-wrap-checklist", "meetings/2023-09-15-friday-production",
               "customers/account-customers"],
  "facts": [r"post[- ]?heat", r"1,?140"]},
 {"id": "inv5", "topic": "everything we've got on the Brightwater fleet job please",
  "relevant": ["customers/brightwater-fleet-contract", "customers/brightwater-schedule", "meetings/2024-01-12-friday-production",
               "meetings/owners-meeting-2024-02", "meetings/2024-02-16-friday-production", "meetings/2024-03-22-friday-production",
               "meetings/2024-04-19-friday-production", "staff/rota-2024-05", "jobs/wrap-film-quantities", "office/insurance-renewal"],
  "facts": [r"\b42\b|forty[- ]two", r"\b3(rd)? june|june 3(rd)?\b"]},
 {"id": "inv6", "topic": "report on colour complaints + print profiles, the marwood thing and what we changed after",
  "relevant": ["customers/marwood-motors-lost", "customers/marwood-complaint-email", "procedures/print-profiles",
               "meetings/2023-10-13-friday-production", "meetings/2023-11-24-friday-production", "machines/printer-service-log",
               "suppliers/pennine-ink", "meetings/2024-03-22-friday-production"],
  "facts": [r"swatch", r"(one|same) printer"]},
 {"id": "inv7", "topic": "summary of machine maintenance - both printers, router, plotter, laminator",
  "relevant": ["machines/printer-service-log", "suppliers/printcare-service", "machines/router-settings", "machines/plotter-notes",
               "machines/laminator-cleaning", "procedures/print-room-rules", "meetings/2024-04-19-friday-production",
               "meetings/2024-02-16-friday-production", "meetings/2023-09-15-friday-production"],
  "facts": [r"\braj\b|bhogal", r"capping|damper|spoilboard"]},
 {"id": "inv8", "topic": "whats the overtime situation and the rota for the brightwater weekends",
  "relevant": ["staff/rota-2024-05", "staff/overtime-policy", "staff/overtime-2024-q1", "meetings/2024-01-12-friday-production",
               "meetings/2024-04-19-friday-production", "customers/brightwater-schedule", "meetings/owners-meeting-2024-02"],
  "facts": [r"time and a half", r"double time"]},
]

about = ("Blind evaluation vault for a team-chat research assistant. Domain: Ravensdyke Signs & Wraps, an invented "
 "sign-making and vehicle-wrap workshop on a trading estate in the north-east of England (print room with an eco-solvent "
 "Veloprint VS-540 and a latex VL-300, laminator, cutting plotter, router, wrap bay, site-install team, design studio). "
 "63 notes in 10 folders: meetings, procedures, jobs, customers, suppliers, office, safety, staff, machines, social. "
 "'quick' holds 24 single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), "
 "each with the answering note(s), regex facts and three phrasings (full question, terse keywords, chat-typed). "
 "'out_of_domain' holds 6 look-alike questions about an absent twin of something present in the vault (the absent names are "
 "listed under 'lookalikes' and occur nowhere in the vault) and 6 off-topic questions; the right answer to all 12 is that the "
 "notes have nothing on it. 'investigations' holds 8 report requests with the notes a good report would list and 2-3 regex "
 "facts a good summary would state; inv1 (laminator) and inv2 (deposits) are about superseded decisions.")

gold = {"_about": about, "quick": Q, "out_of_domain": OOD, "investigations": INV, "lookalikes": lookalikes}
with open("gold.json", "w", encoding="utf-8") as f:
    json.dump(gold, f, ensure_ascii=False, indent=1)
print("written")
