import json
Q = []
def q(id, notes, facts, phr, kind, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    Q.append(d)

q("q01", ["fees-contracts/hourly-rates-v2"], [r"\b108\b"],
  ["What's our current hourly rate for a director?", "director hourly rate", "wats the hourly rate for directors now"],
  "supersession", ["fees-contracts/hourly-rates"])
q("q02", ["meetings/studio-meeting-2025-02-10"], [r"Inkline"],
  ["Who do we ring when the plotter breaks down?", "plotter service contact", "plotter jammed again who do i call"],
  "supersession", ["cad-bim/plotter-and-printers"])
q("q03", ["cdm/pd-appointments-chat", "meetings/partners-meeting-2025-03-04"], [r"Priya|Lalwani"],
  ["Who is the principal designer on St Aldric's?", "St Aldric's principal designer CDM", "whos PD on st aldrics now"],
  "supersession", ["projects/st-aldrics-school-extension"])
q("q04", ["meetings/studio-meeting-2025-04-07"], [r"Monday", r"\b10 ?(am|a\.m\.|:00|\.00)"],
  ["When does the drawing register need updating each week?", "drawing register weekly deadline", "when do we have to do the drawing register by"],
  "supersession", ["cad-bim/drawing-issue-procedure"])
q("q05", ["admin/heating-and-energy-2024"], [r"19\.5"],
  ["What temperature is the studio heating set to?", "studio heating setpoint", "whats the thermostat meant to be on, freezing in here"],
  "supersession", ["admin/studio-heating"])
q("q06", ["cdm/lone-working-policy-2025"], [r"\bpairs?\b|two people|accompanied|escorted"],
  ["Am I allowed to do a site visit on my own?", "lone site visit rules", "can i go to site by myself"],
  "supersession", ["cdm/site-visit-procedure"])
q("q07", ["admin/erratum-pi-premium"], [r"12,?840"],
  ["How much was our PI insurance premium this year?", "PI premium 2024/25", "what did the pi insurance cost us"],
  "supersession", ["admin/pi-insurance-renewal"])
q("q08", ["social/xmas-party-chat"], [r"Custom House"],
  ["Where is the Christmas party being held?", "Christmas do venue", "wheres the xmas do again"],
  "supersession", ["social/christmas-party-2024"])
q("q09", ["fees-contracts/fee-scale-guide"], [r"12\.5 ?(%|per ?cent)"],
  ["What percentage fee do we quote for a refurb with a build cost of about £180k?", "percentage fee extension refurb 100k-250k", "what % do we charge on a 200k extension"],
  "table")
q("q10", ["cad-bim/software-licences"], [r"1,?890"],
  ["How much do we pay a year for Enscape?", "Enscape subscription annual cost", "how much is enscape costing us"],
  "table")
q("q11", ["projects/job-list"], [r"\bP ?-?2405\b|\b2405\b"],
  ["What's the job number for the Oddfellows Bakery fit-out?", "Oddfellows bakery job number", "job no for oddfellows?"],
  "table")
q("q12", ["consultants/fernside-ecology-pyebrook", "projects/pyebrook-farm-barns"], [r"\bbats?\b", r"emergence|survey season|roost"],
  ["Why did the Pyebrook Farm barns planning application get held up?", "Pyebrook barns planning delay reason", "why couldnt we submit pyebrook in the spring"],
  "cause")
q("q13", ["projects/zion-chapel-conversion"], [r"conservation", r"street|front"],
  ["Why are the rooflights only on the rear slope at Zion Chapel?", "Zion Chapel rooflights rear slope reason", "why did carys move the chapel rooflights"],
  "cause")
q("q14", ["meetings/studio-meeting-2024-09-16"], [r"\b2\.5\b"],
  ["What airtightness target did Wyvern set for Cressing Lane?", "Cressing Lane air permeability target", "whats the air tightness number wyvern want on cressing"],
  "deep")
q("q15", ["meetings/project-review-2025-01-20"], [r"Harcourt"],
  ["Which contractor won the St Aldric's tender?", "St Aldric's tender winner contractor", "who got the school job contract"],
  "deep")
q("q16", ["consultants/consultant-contacts", "consultants/colley-marr-cost-plan"], [r"Garside"],
  ["Who's our contact at the QS on Cressing Lane?", "Cressing Lane QS contact", "who do i talk to at colley & marr"],
  "person")
q("q17", ["people/first-aiders-and-fire-wardens"], [r"Okafor"],
  ["Who's the first aider at the Hollingford desks?", "Hollingford first aider", "who does first aid in hollingford"],
  "person")
q("q18", ["planning-regs/hatherley-house-lbc"], [r"Quayle"],
  ["Who is the conservation officer on Hatherley House?", "Hatherley House conservation officer", "whos the conservation bloke for hatherley"],
  "person")
q("q19", ["admin/studio-lease"], [r"25(th)? March,? 2027|25/03/2027|2027-03-25"],
  ["When is the break date on the studio lease?", "studio lease break clause date", "when can we get out of the lease"],
  "date")
q("q20", ["projects/cressing-lane-affordable-housing"], [r"\b8(th)? Aug(ust)?|08/08/(20)?25|2025-08-08"],
  ["When is the Cressing Lane planning decision due?", "Cressing Lane determination date", "when do we hear back on cressing lane planning"],
  "date")
q("q21", ["people/cpd-policy"], [r"£? ?450\b"],
  ["How much CPD budget does each of us get a year?", "CPD budget per person", "hows much can i spend on cpd"],
  "number")
q("q22", ["admin/expenses-and-mileage"], [r"\b45 ?p\b|£0?\.45|45 ?pence"],
  ["What's the mileage rate for site visits?", "mileage rate per mile", "how much do we get per mile"],
  "number")
q("q23", ["projects/cressing-lane-affordable-housing"], [r"\b14\b|fourteen"],
  ["How many homes are in the Cressing Lane scheme?", "Cressing Lane number of homes", "how many units at cressing"],
  "number")
q("q24", ["cad-bim/file-naming-standard"], [r"PVA|originator"],
  ["How are we supposed to name drawing files?", "drawing file naming convention", "whats the drawing numbering format again"],
  "plain")

LOOK = [
 ("ood01", "Pyebrook Farm", "Pyebrook Mill", "What did we quote for the measured survey at Pyebrook Mill?"),
 ("ood02", "Fernside Ecology", "Fernside Acoustics", "has Fernside Acoustics sent over the noise survey for the school yet?"),
 ("ood03", "Carys Whitlow", "Carys Whitmore", "What's Carys Whitmore's mobile number?"),
 ("ood04", "HP DesignJet T830", "DesignJet T1700", "who services the HP DesignJet T1700 and when was it last done"),
 ("ood05", "Upper Tolbridge", "Lower Tolbridge", "Did the chapel conversion at Lower Tolbridge get planning permission?"),
 ("ood06", "Hollingford Design Week", "Kestlebury Design Week", "are we taking a stand at Kestlebury Design Week this year"),
]
OOD = [{"id": i, "type": "lookalike", "present_twin": p, "absent_twin": a, "question": qq} for i, p, a, qq in LOOK]
for i, qq in [("ood07", "what's the weather going to be like in Manchester tomorrow?"),
              ("ood08", "anyone got a good banana bread recipe"),
              ("ood09", "who won the 2023 rugby world cup?"),
              ("ood10", "What's the capital of Australia?"),
              ("ood11", "how many km is a marathon"),
              ("ood12", "what time does the sun set in London on midsummer's day")]:
    OOD.append({"id": i, "type": "offtopic", "question": qq})

INV = [
 {"id": "inv1", "topic": "pull together everything we have on our PI insurance — insurer, limit, premium, anything notified",
  "relevant": ["admin/pi-insurance-renewal", "admin/erratum-pi-premium", "meetings/studio-meeting-2024-09-16",
               "fees-contracts/appointment-checklist", "projects/fenwick-road-extension", "admin/budget-2025",
               "admin/office-admin-calendar", "consultants/consultant-contacts", "meetings/partners-meeting-2025-03-04"],
  "facts": [r"12,?840", r"Mercia Mutual", r"£ ?2 ?(m\b|million)|2,000,000"]},
 {"id": "inv2", "topic": "can you write up everything on the plotter — the machine, the service contract, problems we've had",
  "relevant": ["cad-bim/plotter-and-printers", "meetings/studio-meeting-2025-02-10", "admin/studio-chat-plotter-jam",
               "meetings/studio-meeting-2024-11-11", "admin/budget-2025", "cad-bim/drawing-issue-procedure",
               "admin/heating-and-energy-2024"],
  "facts": [r"Inkline", r"T830", r"Copyzone"]},
 {"id": "inv3", "topic": "report on St Aldric's school extension: CDM/PD, contractor, programme, consultants",
  "relevant": ["projects/st-aldrics-school-extension", "cdm/pd-appointments-chat", "meetings/project-review-2025-01-20",
               "meetings/partners-meeting-2025-03-04", "consultants/thermion-mande-brief", "consultants/hartwell-glynn-structures",
               "people/resourcing-plan-2025", "meetings/studio-meeting-2025-02-10", "people/site-visit-rota"],
  "facts": [r"Harcourt", r"Priya|Lalwani", r"14(th)? July|July 2025|summer hol"]},
 {"id": "inv4", "topic": "everything on pyebrook farm barns pls - bats, planning route, where its at",
  "relevant": ["projects/pyebrook-farm-barns", "consultants/fernside-ecology-pyebrook", "planning-regs/pyebrook-class-q-vs-full",
               "meetings/studio-meeting-2024-06-03", "meetings/project-review-2025-01-20", "people/site-visit-rota",
               "cdm/lone-working-policy-2025", "meetings/partners-meeting-2025-03-04"],
  "facts": [r"\bbats?\b", r"EPS|Natural England", r"Class Q"]},
 {"id": "inv5", "topic": "summary of our CAD/BIM software licences, what they cost and why we dropped Revit",
  "relevant": ["cad-bim/software-licences", "cad-bim/revit-decision", "meetings/studio-meeting-2025-04-07",
               "admin/budget-2025", "people/new-starter-checklist", "cad-bim/archicad-template",
               "admin/office-admin-calendar", "consultants/hartwell-glynn-structures"],
  "facts": [r"Archicad", r"\bIFC", r"1,?890|Enscape"]},
 {"id": "inv6", "topic": "pull together everything on the Cressing Lane housing scheme for Wyvern",
  "relevant": ["projects/cressing-lane-affordable-housing", "meetings/studio-meeting-2024-09-16", "planning-regs/cressing-lane-pre-app",
               "fees-contracts/fee-proposal-cressing-lane", "consultants/colley-marr-cost-plan", "people/resourcing-plan-2025",
               "cad-bim/revit-decision", "cdm/pd-appointments-chat", "meetings/project-review-2025-01-20"],
  "facts": [r"\b14\b|fourteen", r"Wyvern", r"\b2\.5\b"]},
 {"id": "inv7", "topic": "what do we have on the studio lease — rent, break clause, landlord stuff — ahead of the stay-or-move decision",
  "relevant": ["admin/studio-lease", "meetings/partners-meeting-2025-03-04", "admin/budget-2025",
               "admin/landlord-email-service-charge", "admin/office-admin-calendar", "admin/heating-and-energy-2024"],
  "facts": [r"2027", r"24,?500"]},
 {"id": "inv8", "topic": "summarise our CPD setup and this year's sessions",
  "relevant": ["people/cpd-policy", "people/cpd-log-2025", "meetings/studio-meeting-2024-11-11",
               "meetings/studio-meeting-2024-06-03", "admin/budget-2025", "admin/office-admin-calendar",
               "meetings/studio-meeting-2024-09-16"],
  "facts": [r"450", r"35 ?(hours|hrs)"]},
]

about = ("Blind evaluation vault for a team-chat research assistant. Domain: Pennock Vale Architects, an invented small "
 "architecture practice with a studio in Kestlebury (county town) and two desks at Foundry Yard Works in Hollingford. "
 "vault/ holds 64 markdown notes in 10 folders: admin, meetings, projects, fees-contracts, planning-regs, cdm, consultants, "
 "cad-bim, people, social. 'quick' = 24 questions answerable from the notes (8 supersession, 3 table, 2 cause, 2 deep, "
 "3 person, 2 date, 3 number, 1 plain), each with three phrasings, the answering note ids, regex facts and, for supersession "
 "items, the outdated note that must not be relied on. 'out_of_domain' = 6 look-alike questions about an entity absent from "
 "the vault whose near-twin is present, plus 6 off-topic questions; the bot should say the notes have nothing. "
 "'investigations' = 8 report requests with the notes a good report should list and 2-3 regex facts a good summary states "
 "(inv1 PI insurance and inv2 plotter are about superseded decisions). 'lookalikes' lists present/absent twin names for the check.")

gold = {"_about": about, "quick": Q, "out_of_domain": OOD, "investigations": INV,
        "lookalikes": [{"id": i, "present": p, "absent": a} for i, p, a, _ in LOOK]}
json.dump(gold, open("gold.json", "w"), indent=1, ensure_ascii=False)
print("written")
