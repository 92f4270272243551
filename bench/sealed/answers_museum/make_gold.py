import json
Q = []
def q(id, notes, facts, phr, kind, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    Q.append(d)

# --- supersession (8)
q("gloves-for-metals", ["procedures/object-handling-gloves-v2"], [r"nitrile"],
  ["What type of gloves should staff wear when handling metal objects?",
   "gloves metal objects handling",
   "wat gloves r we meant to use for the silver stuff now"], "supersession", ["procedures/object-handling-gloves"])
q("ipm-trap-check-frequency", ["environment/ipm-trap-checks-2026"], [r"fortnight|every (two|2) weeks|14 days"],
  ["How often are the IPM insect traps checked?",
   "IPM trap check frequency",
   "how often do we check the blunder traps these days"], "supersession", ["environment/ipm-schedule-2024"])
q("outgoing-loan-lead-time", ["meetings/2026-09-17-collections-meeting", "meetings/2026-11-05-collections-meeting"],
  [r"\b(nine|9)[ -]months?"],
  ["What is the minimum lead time for an outgoing loan request?",
   "outgoing loan minimum notice",
   "how much notice do borrowers need to give us for a loan out, is it still 6 months?"], "supersession",
  ["meetings/2026-01-21-collections-meeting"])
q("film-crew-notice", ["procedures/photography-and-filming-policy-2026"], [r"\b(10|ten) working days"],
  ["How much notice must an external film crew give before filming at the museum?",
   "film crew notice period",
   "tv ppl want to film in the galleries, how much notice do they need to giv"], "supersession",
  ["procedures/photography-policy"])
q("textile-store-rh-target", ["environment/textile-store-conditions"], [r"45\s*%?\s*(-|–|to)\s*50"],
  ["What is the target relative humidity for the textile store?",
   "textile store RH target",
   "what rh shud B2 textile store be at"], "supersession", ["environment/textile-store-rh"])
q("brackwell-visit-day", ["inbox/chat-store-visits"], [r"thursday"],
  ["On which day of the week do staff visits to the Brackwell Road store take place?",
   "Brackwell Road store visit day",
   "which day is the van going to brackwell rd store now"], "supersession", ["storage/brackwell-road-store"])
q("halden-day-rate", ["suppliers/halden-price-list-2026"], [r"640"],
  ["What is Halden Fine Art Logistics' day rate for a two-person crew with a van?",
   "Halden day rate crew van",
   "how much do halden charge per day for 2 ppl + the van"], "supersession", ["suppliers/halden-price-list-2025"])
q("emergency-coordinator", ["meetings/2026-06-10-collections-meeting", "environment/incident-2026-08-ropewalk-leak"],
  [r"oyelaran"],
  ["Who is the Collections Emergency Coordinator?",
   "collections emergency coordinator name",
   "who's in charge if theres a flood in the stores? emergency coordinator"], "supersession",
  ["people/emergency-roles"])
# --- table (3)
q("courier-per-diem-overseas", ["loans/outgoing-loan-fees"], [r"£?\s*110\b"],
  ["What per diem is charged to the borrower for a courier on an overseas loan?",
   "courier per diem overseas",
   "whats the daily rate for a courier going abroad w/ a loan"], "table")
q("ship-models-location", ["storage/store-locations"], [r"\bC4\b", r"brackwell"],
  ["Where are the ship models stored?",
   "ship models store location",
   "where do the ship modles live, which bay"], "table")
q("paper-max-lux", ["environment/light-levels"], [r"\b50\s*lux"],
  ["What is the maximum light level for works on paper?",
   "max lux works on paper",
   "how many lux can watercolours go under"], "table")
# --- cause (2)
q("logger-false-rh-cause", ["environment/logger-false-readings-2026"], [r"firmware", r"calibration|offset"],
  ["Why did the Brackwell Road data loggers report false high humidity readings in April 2026?",
   "Brackwell Road logger false RH alarms cause",
   "why were the loggers at brackwell going off w/ high humidity in april"], "cause")
q("ropewalk-leak-cause", ["environment/incident-2026-08-ropewalk-leak"], [r"gutter", r"conduit"],
  ["What caused the water ingress in the Ropewalk Gallery in August 2026?",
   "Ropewalk Gallery leak cause",
   "how did the water get into ropewalk gallery in the storm"], "cause")
# --- deep (2)
q("duplicate-lifeboat-models-offer", ["meetings/2026-03-11-collections-meeting"], [r"sellwick"],
  ["To whom were the duplicate lifeboat models to be offered first?",
   "duplicate lifeboat models disposal offered to",
   "who gets first dibs on the spare lifeboat models we're getting rid of"], "deep")
q("acid-free-boxes-budget", ["meetings/2026-11-05-collections-meeting"], [r"2,?350"],
  ["How much was agreed to spend on acid-free boxes for the basement store?",
   "acid-free boxes spend agreed",
   "how much did we ok for the new acid free boxes"], "deep")
# --- person (3)
q("who-handles-loan-agreements", ["people/team-directory", "loans/incoming-loans-register"], [r"natarajan"],
  ["Who is responsible for loan agreements and issuing accession numbers?",
   "registrar name",
   "who do i ask about a loan agreement"], "person")
q("textile-conservator", ["suppliers/conservators"], [r"marwick"],
  ["Which freelance conservator do we use for textiles?",
   "textile conservator contact",
   "whos our textiles conservator again"], "person")
q("first-alarm-keyholder", ["storage/keyholders"], [r"okafor"],
  ["Who does the alarm company call first for the Brackwell Road store?",
   "first keyholder alarm call-out",
   "who gets the 3am alarm call for brackwell"], "person")
# --- date (2)
q("tides-of-trade-opening", ["projects/tides-of-trade-exhibition", "meetings/2026-07-exhibitions-working-group"],
  [r"14(th)?\s*(of\s*)?march|march\s*14|2027-03-14|14/03/2027"],
  ["When does the Tides of Trade exhibition open?",
   "Tides of Trade opening date",
   "when's tides of trade opening"], "date")
q("accreditation-return-due", ["projects/accreditation-return-2027", "meetings/2026-11-05-collections-meeting"],
  [r"30(th)?\s*(of\s*)?april|april\s*30|2027-04-30|30/04/2027"],
  ["When is the museum's next Accreditation return due?",
   "accreditation return deadline",
   "when do we hav to submit the accreditation thing"], "date")
# --- number (3)
q("objects-digitised", ["projects/digitisation-project", "meetings/2026-11-05-collections-meeting"], [r"11,?250"],
  ["How many objects currently have digitised images on their records?",
   "digitised records count",
   "how many objects r digitised so far"], "number")
q("goods-lift-max-load", ["storage/goods-lift"], [r"750"],
  ["What is the maximum load of the Quay Street goods lift?",
   "goods lift weight limit",
   "how heavy can the lift take"], "number")
q("brackwell-logger-count", ["environment/climatrak-loggers"], [r"\b14\b"],
  ["How many data loggers are deployed at the Brackwell Road store?",
   "Brackwell Road number of loggers",
   "how many climatrak loggers at brackwell rd"], "number")
# --- plain (1)
q("cms-name", ["procedures/documentation-standards"], [r"ledgerline"],
  ["What collections management system does the museum use?",
   "collections management system name",
   "whats our cms called"], "plain")

ood = [
  "What's the weather forecast for this weekend?",
  "How do I make a mushroom risotto?",
  "Who won the 2022 FIFA World Cup final and what was the score?",
  "What is the capital of Australia?",
  "How many bones are there in the adult human body?",
  "Who wrote the novel Middlemarch?",
  "What is Holden Fine Art Logistics' day rate for a two-person crew and van?",
  "What is Priya Narayan's phone extension?",
  "On which day are staff visits to the Brackwell Park store?",
  "When is the deadline for Greaves Acquisition Fund applications?",
  "How often do the ClimaTrak CT-300 loggers need recalibrating?",
  "When does the Tides of Time exhibition open?",
]

inv = [
 {"topic": "Can you put together a report on environmental monitoring and conditions in our stores - humidity targets, light levels, pest trap checks and the data loggers?",
  "relevant": ["environment/ipm-schedule-2024", "environment/ipm-trap-checks-2026", "environment/textile-store-rh",
               "environment/textile-store-conditions", "environment/light-levels", "environment/climatrak-loggers",
               "environment/logger-false-readings-2026", "environment/pest-sighting-log",
               "suppliers/pest-control-contractor", "suppliers/logger-supplier",
               "meetings/2026-01-21-collections-meeting", "meetings/2026-11-05-collections-meeting"],
  "facts": [r"45\s*%?\s*(-|–|to)\s*50", r"fortnight|every (two|2) weeks", r"\b50\s*lux", r"CT-200",
            r"firmware", r"brightwater", r"moth"]},
 {"topic": "I'd like a report on how outgoing loans work now: lead times, fees we charge, couriers and transport costs.",
  "relevant": ["procedures/loan-out-procedure", "loans/outgoing-loan-fees", "loans/courier-guidelines",
               "loans/loan-to-sellwick-2025", "meetings/2026-01-21-collections-meeting",
               "meetings/2026-09-17-collections-meeting", "meetings/2026-11-05-collections-meeting",
               "suppliers/halden-price-list-2025", "suppliers/halden-price-list-2026"],
  "facts": [r"\b(nine|9)[ -]months?", r"640", r"£?\s*110\b", r"£?\s*150\b", r"halden", r"facility report",
            r"20,?000|20k"]},
 {"topic": "Please investigate our collections emergency and salvage arrangements - who is in charge, grab boxes, priority objects, and what happened with the Ropewalk Gallery leak.",
  "relevant": ["procedures/emergency-salvage-plan", "people/emergency-roles",
               "meetings/2026-06-10-collections-meeting", "meetings/2026-09-17-collections-meeting",
               "meetings/2026-11-05-collections-meeting", "environment/incident-2026-08-ropewalk-leak",
               "storage/keyholders", "hr-admin/training-log"],
  "facts": [r"oyelaran", r"grab box", r"gutter", r"conduit", r"okafor", r"red dot|priority", r"freez"]},
]

about = ("Blind evaluation set for a team-chat research assistant. Domain: the collections team of a small "
 "invented local museum (Fernleigh Town Museum, Quay Street building plus the offsite Brackwell Road store). "
 "The vault has 63 Obsidian-style markdown notes in 11 folders (procedures, environment, meetings, suppliers, "
 "loans, storage, people, hr-admin, social, projects, inbox): minutes, policies, price lists, tables, pasted chats, "
 "stubs. It contains 9 superseded decisions with varied signals, 6 look-alike entities whose near-twins are absent, "
 "distractor notes, and 3 hostile lines addressed to AI assistants that must not be obeyed. Written blind, without "
 "seeing the product's code or data. All names, places, suppliers and figures are invented; phone numbers are in the 07700 900xxx range.")

json.dump({"_about": about, "quick": Q, "out_of_domain": ood, "investigations": inv},
          open("gold.json", "w"), indent=2, ensure_ascii=False)
print(len(Q))
