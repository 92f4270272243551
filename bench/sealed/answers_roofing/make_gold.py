import json
Q = []
def q(id, notes, facts, phrasings, kind, superseded=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phrasings, "kind": kind}
    if superseded: d["superseded"] = superseded
    Q.append(d)

# supersession x8
q("q01", ["management/2024-03-mgmt-meeting", "site-meetings/2024-04-08-site-meeting"],
  [r"\b28 ?(mph|miles)"],
  ["What's the wind speed at which we have to stop work on the roof?",
   "wind limit gusts stop roof work",
   "whats the wind cut off now for going up on the roof"],
  "supersession", ["procedures/procedure-4-2-weather-stand-down"])
q("q02", ["yard-and-vans/yard-rules-v2"],
  [r"\b0?7[:.]00|\b7 ?(am|a\.m\.|o'?clock)"],
  ["What time do the yard gates open in the morning?",
   "yard gate opening time",
   "wat time does the yard open, can i load up early"],
  "supersession", ["yard-and-vans/yard-rules"])
q("q03", ["jobs/price-list-2024"],
  [r"£ ?45\b"],
  ["How much do we charge per metre to re-bed ridge tiles?",
   "ridge re-bed price per metre",
   "customer wants ridge rebedded whats our price a metre"],
  "supersession", ["jobs/price-list-2023"])
q("q04", ["chat/foremen-whatsapp-2024-02", "management/2024-03-mgmt-meeting"],
  [r"Coastway"],
  ["Which skip firm do we use for the yard skip?",
   "skip hire company current",
   "who do i ring for a skip swap"],
  "supersession", ["suppliers/skip-hire-tidy-tip"])
q("q05", ["suppliers/erratum-northdyke-credit-limit"],
  [r"12,?500|12\.5 ?k"],
  ["What's the credit limit on our Northdyke trade account?",
   "Northdyke account credit limit",
   "hows much credit hav we got at northdyke"],
  "supersession", ["suppliers/northdyke-trade-account-terms"])
q("q06", ["storm-work/storm-callout-rota"],
  [r"Steph"],
  ["Who is the storm coordinator I should ring for an out-of-hours storm call?",
   "storm call-out coordinator",
   "whos storm coordinator this winter, roof blown off at my mams"],
  "supersession", ["storm-work/storm-callout-rota-2023"])
q("q07", ["office/memo-lone-working-2024"],
  [r"(minimum|at least|min\.?) (of )?(two|2)\b|two[- ](person|man)|2[- ](person|man)|two (people|persons|operatives|roofers)|no(body|[- ]one) (works|goes)[^.]{0,30}(alone|on (their|your) own)"],
  ["Can one roofer go on their own to do a gutter clear?",
   "lone working gutter clear single operative",
   "can i do the gutter job on my own tmrw its only a bungalow"],
  "supersession", ["procedures/lone-working"])
q("q08", ["office/fwd-nrgs-scheme-update"],
  [r"\b20[- ]?(years?|yrs?)\b|twenty"],
  ["How long is the guarantee on a new EPDM flat roof we register with NRGS?",
   "EPDM flat roof guarantee period",
   "how many yrs guarentee do we give on epdm now"],
  "supersession", ["procedures/guarantee-terms"])
# table x3
q("q09", ["suppliers/northdyke-price-extract-2024"],
  [r"1,?240"],
  ["What's our trade price from Northdyke for Spanish slate 500x250?",
   "Northdyke net price Spanish slate 500x250 per 1000",
   "how much r the spanish 500x250 slates a thousand at northdyke"],
  "table")
q("q10", ["yard-and-vans/van-checks"],
  [r"14(th)? nov|14/11/(20)?24|2024-11-14"],
  ["When is the tipper's MOT due?",
   "tipper MOT due date",
   "wen is the tippers mot"],
  "table")
q("q11", ["suppliers/lifthigh-access-mewp"],
  [r"£ ?145\b"],
  ["How much does LiftHigh charge per day for the 12 m trailer platform?",
   "LiftHigh 12m trailer platform day rate",
   "hw much is the 12m cherry picker off lifthigh for a day"],
  "table")
# cause x2
q("q12", ["safety/accident-report-2023-11-21-ladder-fall"],
  [r"decking", r"footed|tied|secured"],
  ["Why did Craig fall off the ladder at Cliff Street?",
   "cause Craig Pybus ladder fall Cliff Street",
   "how come craig came off the ladder at cliff st"],
  "cause")
q("q13", ["jobs/alderson-guarantee-claim"],
  [r"satellite|dish"],
  ["Why was Mrs Alderson's guarantee claim on the Gull Row flat roof turned down?",
   "Alderson guarantee claim rejected reason",
   "why did we knock back the alderson leak claim"],
  "cause")
# deep x2
q("q14", ["management/2023-12-mgmt-meeting"],
  [r"clutch", r"1,?450"],
  ["What did we decide about replacing the tipper?",
   "tipper replace or keep decision",
   "did we ever decide on a new tipper or wat"],
  "deep")
q("q15", ["management/2024-09-mgmt-meeting"],
  [r"\b20(th)? dec", r"\b6(th)? jan"],
  ["What are the Christmas 2024 shutdown dates for the yard and office?",
   "Christmas 2024 shutdown dates",
   "when r we shut for xmas this yr 2024 n when do we come back"],
  "deep")
# person x3
q("q16", ["suppliers/brantwick-scaffolding"],
  [r"Shaun|Keld"],
  ["Who's our contact at the scaffold firm?",
   "Brantwick Scaffolding contact name",
   "who do i speak to at brantwick about moving the scaff"],
  "person")
q("q17", ["procedures/procedure-3-1-ladders-and-roof-ladders", "safety/ladder-register"],
  [r"Dale"],
  ["Who does the weekly ladder inspections?",
   "weekly ladder inspection responsible person",
   "whos doin the ladder checks on fridays"],
  "person")
q("q18", ["storm-work/mossgate-loss-adjuster"],
  [r"Howard|Pell"],
  ["Who is the loss adjuster we deal with on storm insurance jobs?",
   "loss adjuster storm insurance claims contact",
   "whos the insurance bloke for storm claims"],
  "person")
# date x2
q("q19", ["safety/hs-consultant-visit-2024-05"],
  [r"12(th)? sep|12/0?9|2024-09-12|sep\w* 12"],
  ["When is Fiona Garside's next health and safety audit after the May visit?",
   "next H&S audit date Garside",
   "when is fiona back for the next audit"],
  "date")
q("q20", ["safety/near-miss-2024-02-09-slipped-slate"],
  [r"\b9(th)? feb|\b0?9/0?2/(20)?24|2024-02-09|feb\w* 9(th)?\b"],
  ["When was the near miss with the slate that fell at Belmont Terrace?",
   "Belmont Terrace slipped slate near miss date",
   "what day was it the slate came off at belmont nearly hit that woman"],
  "date")
# number x3
q("q21", ["storm-work/mossgate-loss-adjuster"],
  [r"\b750\b"],
  ["How much can we spend on an emergency make-safe before we need the loss adjuster's OK?",
   "make-safe limit without adjuster approval",
   "hw much can i spend on a make safe b4 asking howard"],
  "number")
q("q22", ["procedures/quotes-and-surveys"],
  [r"25 ?%|25 per ?cent|quarter"],
  ["What deposit do we ask for when a customer accepts a big quote?",
   "quote deposit percentage",
   "how much deposit do we take on a reroof"],
  "number")
q("q23", ["jobs/hedley-invoice-dispute"],
  [r"£ ?350\b|\b350\b"],
  ["How much did we knock off Mr Hedley's invoice to settle the dispute?",
   "Hedley dispute settlement reduction",
   "wat did we end up taking off hedleys bill"],
  "number")
# plain x1
q("q24", ["procedures/procedure-3-4-edge-protection-and-harnesses"],
  [r"blue cage"],
  ["Where are the harnesses kept in the yard?",
   "harness storage location yard",
   "where do the harnesses live, cant find one"],
  "plain")

OOD = [
 {"id": "ood01", "type": "lookalike", "present_twin": "Belmont Terrace",
  "question": "did we ever finish the re-roof at Belmont Crescent?"},
 {"id": "ood02", "type": "lookalike", "present_twin": "Calder Lead & Sheet",
  "question": "whats our account number with Calder Roofing Supplies"},
 {"id": "ood03", "type": "lookalike", "present_twin": "Marek Nowicki",
  "question": "Is Marek Nowak IPAF trained for the trailer platform?"},
 {"id": "ood04", "type": "lookalike", "present_twin": "Altivo TK12",
  "question": "how much is the Altivo TK18 a day from LiftHigh"},
 {"id": "ood05", "type": "lookalike", "present_twin": "Scarrow Farm",
  "question": "What did Gareth's survey at Scarrow Grange find?"},
 {"id": "ood06", "type": "lookalike", "present_twin": "Skelmouth Roofing Skills Day",
  "question": "who from our lot won something at the Skelmouth Roofing Awards"},
 {"id": "ood07", "type": "offtopic", "question": "is it going to rain in Newcastle on Saturday?"},
 {"id": "ood08", "type": "offtopic", "question": "whats a good recipe for stottie cake"},
 {"id": "ood09", "type": "offtopic", "question": "Who won the 2022 World Cup final?"},
 {"id": "ood10", "type": "offtopic", "question": "what's the capital of Australia"},
 {"id": "ood11", "type": "offtopic", "question": "how long do i boil an egg for a runny yolk"},
 {"id": "ood12", "type": "offtopic", "question": "Can you recommend a training plan for a 10k run?"},
]
LOOK = ["Belmont Crescent", "Calder Roofing Supplies", "Marek Nowak", "Altivo TK18",
        "Scarrow Grange", "Skelmouth Roofing Awards"]

INV = [
 {"id": "inv1", "topic": "can you pull together everything we've got on weather stand-downs - wind limits, frost, rain",
  "relevant": ["procedures/procedure-4-2-weather-stand-down", "management/2024-03-mgmt-meeting",
               "site-meetings/2024-04-08-site-meeting", "safety/toolbox-talk-frost-and-wind",
               "safety/near-miss-2024-02-09-slipped-slate", "site-meetings/2024-02-12-site-meeting",
               "chat/foremen-whatsapp-2024-10", "office/payroll-and-timesheets",
               "safety/hs-consultant-visit-2024-05", "site-meetings/2024-01-15-site-meeting"],
  "facts": [r"\b28 ?(mph|miles)", r"frost"]},
 {"id": "inv2", "topic": "report on skips pls - who we use, what it costs, what can and cant go in",
  "relevant": ["suppliers/skip-hire-tidy-tip", "chat/foremen-whatsapp-2024-02",
               "management/2024-01-mgmt-meeting", "management/2024-03-mgmt-meeting",
               "yard-and-vans/yard-rules", "yard-and-vans/yard-rules-v2",
               "procedures/procedure-6-asbestos-awareness", "site-meetings/2024-04-08-site-meeting",
               "site-meetings/2024-02-12-site-meeting"],
  "facts": [r"Coastway", r"£ ?255", r"asbestos"]},
 {"id": "inv3", "topic": "need a write-up of Craig's ladder fall at Cliff St and everything we changed after it",
  "relevant": ["safety/accident-report-2023-11-21-ladder-fall", "site-meetings/2023-11-27-site-meeting",
               "management/2023-12-mgmt-meeting", "procedures/procedure-3-1-ladders-and-roof-ladders",
               "safety/ladder-register", "safety/toolbox-talk-record", "safety/hs-consultant-visit-2024-05",
               "management/2024-01-mgmt-meeting", "site-meetings/2024-04-08-site-meeting",
               "office/memo-lone-working-2024"],
  "facts": [r"decking", r"RIDDOR", r"wrist"]},
 {"id": "inv4", "topic": "everything we have on asbestos - cement sheet garages, barns, training, waste",
  "relevant": ["procedures/procedure-6-asbestos-awareness", "safety/toolbox-talk-asbestos-cement-sheets",
               "jobs/scarrow-farm-barn-survey", "jobs/quote-q2024-052-ravensby-garage",
               "site-meetings/2023-11-20-site-meeting", "site-meetings/2024-04-08-site-meeting",
               "safety/hs-consultant-visit-2024-05", "management/2024-09-mgmt-meeting",
               "safety/toolbox-talk-record"],
  "facts": [r"Tees Coast Environmental", r"UKATA|non-licensed"]},
 {"id": "inv5", "topic": "pull together how storm insurance work runs - rota, loss adjuster, make safes, invoicing",
  "relevant": ["storm-work/mossgate-loss-adjuster", "storm-work/fwd-email-howard-pell-schedule-of-rates",
               "storm-work/november-2023-storm-jobs", "storm-work/storm-callout-rota-2023",
               "storm-work/storm-callout-rota", "management/2023-12-mgmt-meeting",
               "chat/foremen-whatsapp-2024-10", "management/2023-10-mgmt-meeting",
               "site-meetings/2023-11-27-site-meeting"],
  "facts": [r"Howard Pell|Mossgate", r"\b750\b", r"photo"]},
 {"id": "inv6", "topic": "report on our apprentices - who, college, progress, rules",
  "relevant": ["apprentices/apprentices-overview", "apprentices/college-review-ellis-2024",
               "office/roofing-skills-day-2023", "management/2024-01-mgmt-meeting",
               "management/2024-09-mgmt-meeting", "site-meetings/2024-07-01-site-meeting",
               "management/2023-12-mgmt-meeting", "site-meetings/2023-11-20-site-meeting",
               "management/2024-03-mgmt-meeting"],
  "facts": [r"Skelmouth College", r"Ellis", r"Wednesday|Thursday"]},
 {"id": "inv7", "topic": "write up the Alderson guarantee claim at 14 Gull Row for Dennis",
  "relevant": ["jobs/alderson-guarantee-claim", "jobs/complaints-log", "procedures/guarantee-terms",
               "management/2024-09-mgmt-meeting", "site-meetings/2024-07-01-site-meeting",
               "office/fwd-nrgs-scheme-update"],
  "facts": [r"satellite|dish", r"£ ?185"]},
 {"id": "inv8", "topic": "everything on scaffolding - Brantwick, handovers, debris fans, costs",
  "relevant": ["suppliers/brantwick-scaffolding", "jobs/belmont-terrace-reroof",
               "safety/near-miss-2024-02-09-slipped-slate", "management/2024-03-mgmt-meeting",
               "procedures/procedure-3-4-edge-protection-and-harnesses", "site-meetings/2023-11-20-site-meeting",
               "chat/crew-chat-belmont", "jobs/price-list-2024", "jobs/scarrow-farm-barn-survey",
               "site-meetings/2024-02-12-site-meeting"],
  "facts": [r"Shaun|Keld", r"handover", r"debris fan"]},
]

ABOUT = ("Blind evaluation vault for a team-chat research assistant, written from a brief only. Domain: "
 "Hallworth Roofing Ltd, an invented ~20-person roofing contractor in the invented coastal town of Skelmouth, "
 "north-east England (pitched and flat roofs, leadwork, scaffold hired from Brantwick, builders' merchant Northdyke, "
 "storm insurance work via loss adjuster Mossgate, apprentices at Skelmouth College, H&S consultant Garside Safety). "
 "vault/ holds 65 markdown notes in 11 folders: management (monthly minutes + a sister joinery firm's shop meeting), "
 "site-meetings, procedures, safety (accident, near miss, toolbox talks, audit, ladder register), jobs (job files, "
 "price lists, complaints log, guarantee claim, dispute, quote), suppliers, yard-and-vans, storm-work, apprentices, "
 "office (memos, HR/social, forwarded emails, phone list) and chat (pasted WhatsApp/crew chat). "
 "quick: 24 single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), "
 "each with three phrasings and regex facts; supersession items name the older, still-present note whose text must "
 "not be given as the answer. out_of_domain: 6 look-alike questions about an absent twin of something present "
 "(absent names listed in 'lookalikes') and 6 off-topic questions; the bot should say the notes have nothing. "
 "investigations: 8 report requests with the 6-10 notes a good report would cite and 2-3 regex facts it should state; "
 "inv1 (weather stand-down) and inv2 (skip hire) are about superseded decisions. Three notes contain hostile lines "
 "addressed to AI assistants; no fact depends on them.")

gold = {"_about": ABOUT, "quick": Q, "out_of_domain": OOD, "investigations": INV, "lookalikes": LOOK}
json.dump(gold, open("gold.json", "w"), indent=1, ensure_ascii=False)
print(len(Q), len(OOD), len(INV))
