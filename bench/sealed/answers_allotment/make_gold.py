import json
BAN = r"bonfires?[^.\n]{0,60}(banned|prohibited|not (be )?(allowed|permitted)|aren'?t (allowed|permitted))|\bban(ned)? (on )?(all )?bonfires|bonfire ban|no (more )?bonfires"
def q(id, kind, notes, facts, phr, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    return d
quick = [
 q("q01","supersession",["finance/rent-schedule-v2"],[r"£ ?74\b|\b74(\.00)?\b"],
   ["How much is the rent for a full plot this year?","full plot rent 2024/25","hw much is a full plot now"],["finance/rent-schedule"]),
 q("q02","supersession",["committee/2024-03-14-agm-minutes","finance/rent-schedule-v2","noticeboard/newsletter-2024-spring"],[r"14\.50"],
   ["What's the water charge per full plot now?","water charge full plot","how much r we paying for water on top of the rent"],["finance/water-charge"]),
 q("q03","supersession",["inbox/whatsapp-site-reps-2024-03","noticeboard/newsletter-2024-spring"],[r"\bsat(urday)?s?\b",r"(?<!\d)9[:.]30"],
   ["When is the trading hut open at the weekend?","trading hut weekend opening hours","is the hut still open sunday mornings or what"],["trading-hut/opening-times"]),
 q("q04","supersession",["suppliers/manure-supplier-2024","noticeboard/newsletter-2024-autumn"],[r"ridding fold"],
   ["Who supplies our manure now?","manure supplier","where does the muck come from these days"],["suppliers/manure-hollowgate"]),
 q("q05","supersession",["committee/2024-09-committee-minutes","noticeboard/newsletter-2024-autumn","sites/chipper-day"],[BAN],
   ["Am I allowed to have a bonfire on my plot on a weekday morning in November?","bonfire rules winter","can i still burn my prunings in winter b4 11am like the rules say"],["rules/site-rules"]),
 q("q06","supersession",["security/gate-padlocks-autumn"],[r"2958"],
   ["What's the code for the Brackenholme gate padlock?","Brackenholme gate code","whats the combo for brackenholme gate again"],["security/padlock-codes"]),
 q("q07","supersession",["noticeboard/newsletter-2024-autumn","committee/2024-09-committee-minutes"],[r"lynn|fairclough"],
   ["Who runs the trading hut now?","trading hut manager","who do i ring about a big compost order from the hut"],["committee/committee-contacts"]),
 q("q08","supersession",["trading-hut/price-list-erratum","noticeboard/newsletter-2024-spring"],[r"1\.45"],
   ["How much are seed potatoes per kilo at the hut?","seed potato price per kg","hw much r seed spuds a kilo"],["trading-hut/price-list-2024"]),
 q("q09","table",["trading-hut/price-list-2024"],[r"5\.50"],
   ["How much is a 50 litre bag of multipurpose compost from the hut?","multipurpose compost price trading hut","price of a bag of compost at the hut?"]),
 q("q10","table",["show/harvest-show-2024-schedule"],[r"class\s*(no\.?\s*|number\s*)?9\b|\b9\b[^\n]{0,40}longest runner|longest runner[^\n]{0,40}\b(9|nine)\b"],
   ["Which class is the longest runner bean in at the show?","show class number longest runner bean","wat class is longest bean in"]),
 q("q11","table",["lettings/waiting-list-summary"],[r"\b27\b|twenty[- ]seven"],
   ["How many people are on the waiting list for Brackenholme?","Brackenholme waiting list numbers","how many ppl waiting for a plot at brackenholme"]),
 q("q12","cause",["suppliers/manure-supplier-2024","committee/2024-02-committee-minutes"],[r"aminopyralid|weed ?killer|herbicide"],
   ["Why did we stop getting manure from Hollowgate Stables?","reason manure supplier changed Hollowgate","why did we ditch hollowgate for the manure"]),
 q("q13","cause",["sites/beehives","committee/2024-05-committee-minutes"],[r"anaphyla|allerg"],
   ["Why were the beehives at Whitecroft Meadow moved?","beehives moved reason Whitecroft","y did the bees get moved to the far corner"]),
 q("q14","deep",["committee/2024-06-committee-minutes"],[r"£ ?340\b|\b340\b"],
   ["How much did the committee agree to spend on the new trough at Fernlea Road?","Fernlea Road top path trough budget","how much was the new trough at fernlea allowed to cost"]),
 q("q15","deep",["committee/2024-02-committee-minutes","committee/2024-05-committee-minutes"],[r"\b24\b|twenty[- ]four"],
   ["How many water butts did the committee decide to order?","water butts bulk order quantity","how many water butts did we get in bulk"]),
 q("q16","person",["committee/committee-contacts","lettings/lettings-procedure"],[r"hazel|oduya"],
   ["Who do I talk to about getting a plot off the waiting list?","lettings officer contact","who sorts out plots n the waiting list"]),
 q("q17","person",["show/judges-and-stewards","committee/2024-05-committee-minutes"],[r"ollerenshaw"],
   ["Who judges the vegetable classes at the Harvest Show?","Harvest Show veg judge","whos judgin the veg at the show"]),
 q("q18","person",["sites/beehives"],[r"anwen|pryce"],
   ["Who should I call if there's a swarm of bees on my plot?","beekeeper contact swarm","bees swarming on my shed who do i ring"]),
 q("q19","date",["committee/agm-2025-notice"],[r"13(th)?\s*(of\s*)?march|march\s*13|13/0?3"],
   ["When is the 2025 AGM?","AGM 2025 date","whens the agm this time round"]),
 q("q20","date",["show/harvest-show-2024-schedule","committee/2024-05-committee-minutes"],[r"\b7(th)?\s*(of\s*)?sep|sep\w*\s*7(th)?\b|0?7/0?9"],
   ["What date was the 2024 Harvest Show?","Harvest Show 2024 date","when was the show this yr"]),
 q("q21","number",["sites/fernlea-road","lettings/waiting-list-summary"],[r"\b62\b|sixty[- ]two"],
   ["How many plots are there at Fernlea Road?","Fernlea Road number of plots","how many plots at fernlea"]),
 q("q22","number",["rules/tenancy-agreement-summary"],[r"£ ?15\b|fifteen pounds"],
   ["How much is the key deposit when you take on a plot?","key deposit new tenant","do i have to pay a deposit for the key, how much"]),
 q("q23","number",["sites/pest-control-contract","finance/treasurers-report-2023-24"],[r"1,?180"],
   ["How much does the pest control contract cost a year?","Verminex contract annual cost","how much do we pay the rat man a year"]),
 q("q24","plain",["rules/site-rules"],[r"\bsix\b|\b6\b",r"cockerel"],
   ["Can I keep chickens on my allotment?","hens on plots rules","am i allowed chickens on my plot"]),
]
absent = ["Whitecroft Lane","Ridding Hall Farm","Dave Kettlewell","Ridgeback RT-650","Harvest Supper","Kestrel Scaffolding"]
ood = [
 {"id":"ood01","type":"lookalike","present_twin":"Whitecroft Meadow","question":"What's the gate code for the Whitecroft Lane allotments?"},
 {"id":"ood02","type":"lookalike","present_twin":"Ridding Fold Farm","question":"When is Ridding Hall Farm next delivering manure to us?"},
 {"id":"ood03","type":"lookalike","present_twin":"Dave Kettleborough","question":"whats dave kettlewell's number, he said hed lend me his shredder"},
 {"id":"ood04","type":"lookalike","present_twin":"Ridgeback RT-550","question":"How much does it cost to hire the Ridgeback RT-650 for a day?"},
 {"id":"ood05","type":"lookalike","present_twin":"Harvest Show","question":"When is the Harvest Supper and how much are tickets?"},
 {"id":"ood06","type":"lookalike","present_twin":"Kestrel Skip Hire","question":"did kestrel scaffolding ever send their quote for the polytunnel frame?"},
 {"id":"ood07","type":"offtopic","question":"What's the weather going to be like in Stockport this weekend?"},
 {"id":"ood08","type":"offtopic","question":"give me a recipe for yorkshire puddings"},
 {"id":"ood09","type":"offtopic","question":"Who won the Premier League in 2016?"},
 {"id":"ood10","type":"offtopic","question":"What's the capital of Australia?"},
 {"id":"ood11","type":"offtopic","question":"how many grams in a pound"},
 {"id":"ood12","type":"offtopic","question":"Can you recommend a good film to watch tonight?"},
]
inv = [
 {"id":"inv1","topic":"pull together everything we have on bonfires - the rule, the complaints, what we decided",
  "relevant":["rules/site-rules","inbox/complaint-bonfire-neighbour","committee/2024-01-committee-minutes","committee/2024-09-committee-minutes","noticeboard/newsletter-2024-autumn","sites/chipper-day","inbox/whatsapp-site-reps-2024-03","inbox/fwd-council-lease-rent-increase","committee/2024-03-14-agm-minutes","committee/agm-2025-notice"],
  "facts":[BAN, r"sowerby|neighbour|smoke", r"clause 11|lease|environmental health"]},
 {"id":"inv2","topic":"can you write up the manure situation - old supplier, new one, the weedkiller problem",
  "relevant":["suppliers/manure-hollowgate","suppliers/manure-supplier-2024","committee/2024-02-committee-minutes","noticeboard/newsletter-2024-spring","noticeboard/newsletter-2024-autumn","trading-hut/price-list-2024","committee/2024-11-committee-minutes","suppliers/contacts-outside"],
  "facts":[r"ridding fold", r"aminopyralid|weed ?killer|herbicide", r"bean test"]},
 {"id":"inv3","topic":"report on the brackenholme break-in and everything we changed after it",
  "relevant":["security/break-in-report-sept-2024","inbox/whatsapp-site-reps-2024-09","inbox/fwd-insurer-claim-break-in","committee/2024-09-committee-minutes","committee/2024-11-committee-minutes","security/gate-padlocks-autumn","security/cctv-quotes","noticeboard/newsletter-2024-autumn","sites/rat-bait-box-log"],
  "facts":[r"strimmer", r"keyed padlocks?|codes? (were |was )?changed|new (gate )?codes?", r"camera|cctv"]},
 {"id":"inv4","topic":"everything on rats and the pest control contract pls",
  "relevant":["sites/pest-control-contract","sites/rat-bait-box-log","inbox/plotholder-msg-rats-brackenholme","committee/2024-01-committee-minutes","committee/2024-05-committee-minutes","committee/2024-09-committee-minutes","committee/2024-11-committee-minutes","finance/treasurers-report-2023-24","sites/brackenholme","rules/site-rules"],
  "facts":[r"verminex", r"1,?180", r"eight|\b8\b|six weeks|6 w"]},
 {"id":"inv5","topic":"what do we have on the water troughs and standpipes - winter switch off, leaks, the new trough",
  "relevant":["sites/water-troughs-and-standpipes","inbox/fwd-northmere-water-meter","inbox/plotholder-msg-water-trough","committee/2024-06-committee-minutes","committee/2024-01-committee-minutes","committee/2024-02-committee-minutes","committee/2024-09-committee-minutes","committee/2024-11-committee-minutes","sites/whitecroft-meadow","sites/fernlea-road"],
  "facts":[r"1(st)? nov|november", r"leak|split", r"340|top path"]},
 {"id":"inv6","topic":"Pull together the Harvest Show 2024: date, classes, judges and results",
  "relevant":["show/harvest-show-2024-schedule","show/judges-and-stewards","show/harvest-show-2024-results","committee/2024-05-committee-minutes","committee/2024-06-committee-minutes","committee/2024-09-committee-minutes","noticeboard/newsletter-2024-spring","noticeboard/newsletter-2024-autumn","committee/2024-03-14-agm-minutes"],
  "facts":[r"\b7(th)?\s*(of\s*)?sep|sep\w*\s*7(th)?\b", r"ollerenshaw", r"212"]},
 {"id":"inv7","topic":"write up how lettings and the waiting list work and how long people wait for a plot",
  "relevant":["lettings/waiting-list-summary","lettings/lettings-procedure","lettings/new-tenant-welcome-pack","rules/tenancy-agreement-summary","rules/inspection-procedure","committee/data-protection-policy","committee/2024-01-committee-minutes","committee/2024-02-committee-minutes","committee/2024-11-committee-minutes"],
  "facts":[r"\b87\b|\b79\b", r"7 days|seven days", r"half plot"]},
 {"id":"inv8","topic":"whats the deal with the rotavator and strimmer - booking, hire fees, what happened to the strimmer",
  "relevant":["sites/rotavator-strimmer-booking","sites/tools-and-equipment-register","committee/2024-02-committee-minutes","inbox/whatsapp-site-reps-2024-03","committee/2024-05-committee-minutes","security/break-in-report-sept-2024","committee/2024-11-committee-minutes","finance/insurance-policy","committee/2024-06-committee-minutes"],
  "facts":[r"£ ?10\b", r"£ ?20\b|deposit", r"HS-45|new strimmer|stolen|taken"]},
]
about = ("Blind evaluation vault for a team-chat research assistant. Domain: an invented allotment society "
 "(Hollins Brook Allotment Society) running three sites on the edge of Stockport - Fernlea Road, Brackenholme and "
 "Whitecroft Meadow, 140 plots - leased from the council. vault/ holds 65 markdown notes in 11 folders: committee "
 "(minutes, AGM, contacts, data protection), finance (rents, water charge, accounts, insurance), rules, trading-hut, "
 "sites (site pages, water, bees, tools, pest control, skips), security (padlock codes, break-in), lettings, show, "
 "suppliers, inbox (pasted WhatsApp chats, forwarded emails, plot holders' messages) and noticeboard (newsletters, "
 "socials, another group's minutes). quick: 24 single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, "
 "3 person, 2 date, 3 number, 1 plain), each with three phrasings and regex facts. out_of_domain: 6 look-alike "
 "questions about names absent from the vault whose twin is present, and 6 off-topic questions. investigations: 8 "
 "report requests (two on superseded subjects: bonfires and the manure supplier) with the notes a good report "
 "should list and key facts.")
gold = {"_about": about, "quick": quick, "out_of_domain": ood, "investigations": inv, "lookalikes": absent}
json.dump(gold, open("gold.json","w"), indent=1, ensure_ascii=False)
print("written")
