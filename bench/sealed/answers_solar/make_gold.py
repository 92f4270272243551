import json
Q = []
def q(i, kind, notes, facts, phr, sup=None):
    d = {"id": i, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    Q.append(d)

q("q01","supersession",["office/callout-and-service-rates-v2"],[r"£ ?95\b"],
  ["What's our callout charge for the first hour now?","callout rate first hour","hw much do we charge for a callout these days"],
  ["office/callout-and-service-rates"])
q("q02","supersession",["procedures/battery-warranty-registration-2025"],
  [r"(commissioning|install(ation)?) day|same day|on the day|before (leaving|you leave|they leave)( the)? site"],
  ["When does a Voltaro battery have to be registered for the warranty, and who does it?","battery warranty registration when","do we still register the batterys on a friday or what"],
  ["procedures/battery-warranty-registration"])
q("q03","supersession",["meetings/2025-03-10-weekly-ops"],[r"daily|every (working )?day|each (working )?(morning|day)|every morning"],
  ["How often do the vans need checking?","van check frequency","is the van check still just mondays"],
  ["procedures/van-checks"])
q("q04","supersession",["chats/office-whatsapp-2025-02"],[r"£ ?5(\.00)? ?(per|a|/|each|panel)|five pounds (a|per)"],
  ["How much do we charge per panel for panel cleaning?","panel cleaning price per panel","wats the cleaning price per panel now, customer asking"],
  ["office/panel-cleaning-prices"])
q("q05","supersession",["technical/erratum-battery-reserve"],[r"20 ?%|20 per ?cent|twenty per ?cent"],
  ["What backup reserve should we set on the Voltaro batteries when commissioning?","battery backup reserve SOC setting","whats the reserve % on the h10 again"],
  ["technical/battery-commissioning-settings"])
q("q06","supersession",["stores/reorder-points"],[r"\b60\b|sixty"],
  ["At what stock level do we reorder panels?","panel reorder level","whens the reorder point for panels, how many left"],
  ["stores/stock-min-levels"])
q("q07","supersession",["meetings/2025-01-13-weekly-ops"],[r"Severn"],
  ["Who do we order our panels from now?","panel supplier current","are we still getting panels off brightstock"],
  ["stores/brightstock-account"])
q("q08","supersession",["compliance/mcs-qs-change-notice"],[r"Bethan"],
  ["Who is our MCS qualified supervisor?","MCS qualified supervisor name","whos the QS now for mcs sign offs"],
  ["compliance/mcs-roles"])
q("q09","table",["technical/inverter-selection-matrix"],[r"SV-?6H"],
  ["Which inverter do we use for a 7 kWp east/west roof with a battery on a single phase house?","inverter 7kWp east west battery single phase","what inverter for a 7kw east west w battery"])
q("q10","table",["stores/scissor-lift-and-scaffold-hire"],[r"585"],
  ["How much does Penlan charge for a three-storey elevation scaffold?","Penlan 3-storey scaffold price","penlan price for 3 storey scaff"])
q("q11","table",["technical/battery-models"],[r"12[ -]?(years?|yrs)|twelve[ -]years?"],
  ["What's the warranty on the Voltaro H10?","Voltaro H10 warranty years","how long is the warrenty on the h10 battery"])
q("q12","cause",["incidents/2024-10-dropped-panel-pantglas-farm"],[r"gin ?wheel"],
  ["Why did the panel get dropped at Pantglas Farm?","Pantglas dropped panel cause","why did the panel fall off the barn at pantglas"])
q("q13","cause",["incidents/2025-03-near-miss-live-dc-string"],[r"swapped|wrong way round|mislabel|labels? (were |was )?(the )?(wrong|reversed)"],
  ["Why was the string still live in the Glynteg near miss?","Glynteg near miss live DC string cause","how come dai got a bang off a live string at glynteg"])
q("q14","deep",["meetings/2024-11-04-weekly-ops"],[r"Avigard"],
  ["Which bird mesh kit did we decide to use as standard?","standard bird mesh kit decision","what bird mesh are we using now, the cheap one or"])
q("q15","deep",["meetings/2025-02-17-weekly-ops"],[r"half[ -]?term|24(th)?( of)? feb|24/0?2|24 ?[-–] ?28 feb"],
  ["When did the school install at Ysgol Cwm Glas go in?","Ysgol Cwm Glas install dates","when was the school job, which week"])
q("q16","person",["compliance/mcs-surveillance-audit-2025"],[r"Hywel|Baird"],
  ["Who is the MCS assessor doing our surveillance audit?","MCS assessor surveillance audit","whos the mcs auditor coming in"])
q("q17","person",["admin/first-aid-and-fire"],[r"\bSam\b|Okafor"],
  ["Who's the first aider at the unit?","first aider unit","who do i go to for first aid"])
q("q18","person",["office/contacts-outside","chats/fwd-email-western-cambria-g99"],[r"Priya|Castell"],
  ["Who should we contact at the DNO to chase a G99 application?","DNO connections contact G99","who do we ring at western cambria about g99s"])
q("q19","date",["admin/apprentice-training-plan"],[r"7(th)?( ?(-|–|to) ?9(th)?)?( of)? April|0?7/0?4/(20)?25|2025-04-07"],
  ["When is Ffion's 18th Edition course?","Ffion 18th Edition course dates","when is ffion doing her 18th edition"])
q("q20","date",["fleet/vehicles"],[r"14(th)?( of)? May|14/0?5|2025-05-14"],
  ["When is the MOT due on van 2?","van 2 MOT due date","whens van 2 mot due"])
q("q21","number",["technical/string-sizing-rules"],[r"550 ?(V|volts?)\b"],
  ["What's the maximum string voltage we design to on the Sunvane inverters?","max string Voc Sunvane design limit","whats the max voltage we let a string get to on sunvane"])
q("q22","number",["office/payment-terms-and-deposits"],[r"25 ?%|25 per ?cent|quarter"],
  ["How much deposit do we take on a domestic install?","domestic install deposit percentage","wat deposit do we ask for on a normal house job"])
q("q23","number",["compliance/insurance-summary"],[r"£ ?5 ?(m|million)\b|5,000,000|five million"],
  ["What's our public liability cover?","public liability cover limit","how much PL insurance have we got"])
q("q24","plain",["procedures/waste-and-damaged-panels"],[r"WEEE|GreenCycle"],
  ["What do we do with broken or damaged panels?","damaged panels disposal","where do the smashed panels go"])

OOD = [
 {"id":"ood01","type":"lookalike","present_twin":"Pantglas Farm","absent_twin":"Pantglas Hall",
  "question":"what size system did we put on the barn at Pantglas Hall?"},
 {"id":"ood02","type":"lookalike","present_twin":"Brightstock Distribution","absent_twin":"Brightstock Electrical",
  "question":"whats our account number with Brightstock Electrical"},
 {"id":"ood03","type":"lookalike","present_twin":"Owain Trefor","absent_twin":"Owain Tudor",
  "question":"What's Owain Tudor's mobile number?"},
 {"id":"ood04","type":"lookalike","present_twin":"Voltaro H10","absent_twin":"Voltaro H15",
  "question":"usable capacity of the Voltaro H15?"},
 {"id":"ood05","type":"lookalike","present_twin":"Tregarn Business Park","absent_twin":"Tregarn Retail Park",
  "question":"did the G99 come through for the Tregarn Retail Park job yet"},
 {"id":"ood06","type":"lookalike","present_twin":"Solar Wales Expo","absent_twin":"Solar Wales Awards",
  "question":"who went to the Solar Wales Awards dinner?"},
 {"id":"ood07","type":"offtopic","question":"is it going to rain in Cardiff tomorrow?"},
 {"id":"ood08","type":"offtopic","question":"anyone got a good recipe for welsh cakes"},
 {"id":"ood09","type":"offtopic","question":"Who won the Rugby World Cup in 2019?"},
 {"id":"ood10","type":"offtopic","question":"what's the capital of Australia"},
 {"id":"ood11","type":"offtopic","question":"how do I convert celsius to fahrenheit?"},
 {"id":"ood12","type":"offtopic","question":"whats a good film to watch tonight"},
]

INV = [
 {"id":"inv1","topic":"pull together everything we have on battery warranty registration",
  "relevant":["procedures/battery-warranty-registration","procedures/battery-warranty-registration-2025",
   "chats/fwd-email-voltaro-warranty","jobs/hopkins-llwynhir-complaint","technical/battery-models",
   "procedures/commissioning-checklist","meetings/2025-01-13-weekly-ops","meetings/2025-01-20-office-team-meeting",
   "office/complaints-log-2024-25"],
  "facts":[r"(commissioning|install(ation)?) day|same day|on the day|before (leaving|you leave)( the)? site",
           r"installer app", r"Hopkins"]},
 {"id":"inv2","topic":"can u do a report on van checks + the state of the vans",
  "relevant":["procedures/van-checks","meetings/2025-03-10-weekly-ops","chats/slack-ops-channel-march",
   "fleet/vehicles","meetings/2024-09-09-weekly-ops","meetings/2025-02-17-weekly-ops","meetings/2025-01-13-weekly-ops"],
  "facts":[r"daily|every (working )?day|each (working )?(morning|day)|every morning", r"Fleetcheck", r"tyre"]},
 {"id":"inv3","topic":"write up what we know about G98/G99 applications and DNO lead times",
  "relevant":["compliance/g98-g99-guide","compliance/dno-application-tracker","chats/fwd-email-western-cambria-g99",
   "office/contacts-outside","jobs/tregarn-business-park-unit-4","jobs/pantglas-farm-barn","jobs/ysgol-cwm-glas",
   "office/quote-process","technical/inverter-selection-matrix"],
  "facts":[r"45 working days", r"28 days", r"65 working days|network study"]},
 {"id":"inv4","topic":"everything on the pantglas dropped panel and how we're meant to get panels up on roofs",
  "relevant":["incidents/2024-10-dropped-panel-pantglas-farm","chats/crew-chat-pantglas-day",
   "procedures/roof-access-and-edge-protection","incidents/incident-log","meetings/2024-11-04-weekly-ops",
   "jobs/pantglas-farm-barn","office/complaints-log-2024-25","compliance/insurance-summary"],
  "facts":[r"gin ?wheel", r"gust|wind", r"exclusion zone"]},
 {"id":"inv5","topic":"summary of the live DC string near miss and our DC isolation rules",
  "relevant":["incidents/2025-03-near-miss-live-dc-string","meetings/2025-03-24-safety-toolbox-talk",
   "procedures/dc-isolation-and-safe-working","chats/slack-ops-channel-march","incidents/incident-log",
   "meetings/2025-03-10-weekly-ops","procedures/commissioning-checklist"],
  "facts":[r"swapped|wrong way round|mislabel", r"clamp", r"Glynteg"]},
 {"id":"inv6","topic":"Pull together our customer complaints - the process and what's still open",
  "relevant":["procedures/customer-complaints-procedure","office/complaints-log-2024-25","jobs/hopkins-llwynhir-complaint",
   "meetings/2025-01-20-office-team-meeting","compliance/mcs-roles","chats/office-whatsapp-2025-02",
   "meetings/2025-02-17-weekly-ops","meetings/2024-11-04-weekly-ops"],
  "facts":[r"\bNia\b|Harcombe", r"(2|two) working days", r"Teale|second visit|Owusu|bird mess"]},
 {"id":"inv7","topic":"everything we've got on bird mesh",
  "relevant":["meetings/2024-11-04-weekly-ops","technical/bird-mesh-fitting","stores/reorder-points",
   "office/callout-and-service-rates-v2","office/complaints-log-2024-25","meetings/2025-02-17-weekly-ops",
   "office/panel-cleaning-prices","jobs/pantglas-farm-barn","stores/stock-take-jan-2025"],
  "facts":[r"Avigard", r"£ ?28", r"drill"]},
 {"id":"inv8","topic":"report on the Ysgol Cwm Glas school job pls",
  "relevant":["jobs/ysgol-cwm-glas","meetings/2025-02-17-weekly-ops","meetings/2025-03-10-weekly-ops",
   "compliance/dno-application-tracker","meetings/2025-01-13-weekly-ops","admin/holiday-rota-2025",
   "compliance/mcs-surveillance-audit-2025","stores/stock-take-jan-2025"],
  "facts":[r"half[ -]?term", r"LX-?10T", r"8 ?kW"]},
]

about = ("Blind evaluation vault for an invented solar PV and home battery installer in South Wales "
 "(Heulfryn Solar Ltd, Cwmderwen): 65 markdown notes in 11 folders (meetings, procedures, technical, compliance, "
 "incidents, stores, fleet, office, chats, admin, jobs) covering string sizing, inverter choice, Voltaro batteries "
 "and warranty registration, G98/G99 with the DNO, roof access, bird mesh, cleaning and service prices, a dropped-panel "
 "incident, a live DC near miss, stock levels, payment terms, van checks, complaints and weekly meetings. "
 "'quick' holds 24 single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), "
 "each with three phrasings, answer notes and regex facts; 'out_of_domain' holds 6 look-alike questions about names that "
 "are absent from the vault (their present twins are in it) and 6 off-topic questions; 'investigations' holds 8 report "
 "requests with the notes a good report should list and 2-3 regex facts it should state. Written blind from a brief.")

gold = {"_about": about, "quick": Q, "out_of_domain": OOD, "investigations": INV,
        "lookalikes": [o["absent_twin"] for o in OOD if o["type"]=="lookalike"]}
json.dump(gold, open("gold.json","w",encoding="utf-8"), ensure_ascii=False, indent=1)
print(len(Q), len(OOD), len(INV))
