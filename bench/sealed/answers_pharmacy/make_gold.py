import json
Q=[]
def q(i,kind,notes,facts,ph,sup=None):
    d={"id":i,"notes":notes,"facts":facts,"phrasings":ph,"kind":kind}
    if sup: d["superseded"]=sup
    Q.append(d)
q("q01","supersession",["sops/sop-04-fridge-monitoring-v2"],[r"4\.5"],
  ["What temperature are the dispensary fridges supposed to be set to?","fridge setpoint temperature","wat temp do we set the fridges at now"],["sops/sop-04-fridge-monitoring"])
q("q02","supersession",["meetings/2024-02-staff-meeting","suppliers/tmd-account-setup"],[r"Tyneside|\bTMD\b"],
  ["Who is our main wholesaler at the moment?","main wholesaler current","who do we order our stock from now"],["suppliers/wholesaler-northgate"])
q("q03","supersession",["comms/whatsapp-counter-staff-2024-04"],[r"\b4[.:]15|quarter past (4|four)|16[.:]15"],
  ["What time do we have to get the afternoon order in to TMD by?","TMD afternoon order cut-off time","whats the cut off for the afternoon tmd order"],["suppliers/tmd-account-setup"])
q("q04","supersession",["admin/opening-hours-2024"],[r"\b5[.:]30|\b17[.:]30|half (past )?five"],
  ["What time does the Market Place shop close on weekdays?","Market Place weekday closing time","what time do we shut at market place mon-fri"],["admin/opening-hours"])
q("q05","supersession",["services/price-list-erratum"],[r"15\.50"],
  ["How much do we charge for a private flu jab?","private flu vaccination price","hw much is a flu jab if they're not nhs"],["services/price-list-2024"])
q("q06","supersession",["delivery/welcome-kev"],[r"Dobson|\bKev\b"],
  ["Who drives the delivery van now?","current delivery driver","whos doing the deliveries these days"],["delivery/delivery-rounds"])
q("q07","supersession",["care-home/fwd-ashgrove-order-day-change"],[r"tuesday|\btues?\b"],
  ["What day does Ashgrove House send us their repeat order?","Ashgrove House repeat order day","which day does ashgrove put there order in"],["care-home/ashgrove-house-contract"])
q("q08","supersession",["meetings/2024-03-staff-meeting"],[r"back to the (shop|pharmacy)|card through"],
  ["If a delivery patient isn't in, can the driver leave the bag with a neighbour?","delivery patient out leave with neighbour policy","pt not in on the round can we leave it next door"],["sops/sop-11-home-delivery"])
q("q09","table",["cold-chain/fridge-inventory"],[r"PR-? ?250"],
  ["What make and model is the fridge at the Fellside branch?","Fellside fridge model","what fridge have we got at fellside"])
q("q10","table",["services/price-list-2024"],[r"£ ?20\b|twenty pounds"],
  ["How much is a travel consultation?","travel consultation fee","how much r we charging for a travel consult"])
q("q11","table",["services/bp-checks-2024"],[r"\b30\b|thirty"],
  ["How many BP checks did the Fellside branch do in March 2024?","Fellside blood pressure checks March 2024","how many bp checks did fellside do in march"])
q("q12","cause",["cold-chain/incident-2024-01-fridge-failure"],[r"cleaner",r"socket|switch(ed)? (it )?off"],
  ["Why did the dispensary fridge warm up in January?","cause of January fridge failure Market Place","why did the fridge go off that weekend in jan"])
q("q13","cause",["incidents/dispensing-error-2023-10"],[r"side by side|next to each other|same shelf",r"identical|look.?alike|similar|same (white )?box"],
  ["Why did the wrong strength get handed out in October 2023?","cause October 2023 dispensing error wrong strength","how come the wrong strength bp tablets went out in october"])
q("q14","deep",["meetings/2024-05-staff-meeting"],[r"\b60\b|sixty"],
  ["What limit did we agree on the number of blister pack patients?","compliance aid patient cap","hw many blister pack pts are we capping it at"])
q("q15","deep",["meetings/2023-11-staff-meeting"],[r"every other thursday|alternate thursdays|fortnightly|every (two|2) weeks"],
  ["How often do the sharps bins get collected from Market Place?","sharps bin collection frequency","when do the sharps bins get picked up"])
q("q16","person",["suppliers/tmd-account-setup"],[r"Lisa Charlton|Charlton"],
  ["Who is our rep at TMD?","TMD sales rep name","whos the tmd rep"])
q("q17","person",["comms/fwd-gp-practice-shortage"],[r"Helen Raine|Raine"],
  ["Who's the practice manager at Fellside Medical Group?","Fellside Medical Group practice manager","who's the practice manager at the surgery"])
q("q18","person",["cold-chain/coldsure-engineer-visit"],[r"Craig Tully|Tully"],
  ["Who's the engineer we call out for the fridges?","fridge engineer ColdSure name","whos the fridge engineer guy"])
q("q19","date",["admin/gphc-inspection-2024"],[r"19(th)? june|june 19|2024-06-19|19/0?6"],
  ["When was the GPhC inspection?","GPhC inspection date 2024","when did the inspector come round"])
q("q20","date",["services/flu-clinic-2024"],[r"\b5(th)? oct|oct(ober)? 5(th)?\b|2024-10-05|05/10"],
  ["When is the first walk-in flu clinic at Market Place this autumn?","first Saturday flu clinic date 2024","when's the 1st sat flu clinic this yr"])
q("q21","number",["cold-chain/incident-2024-01-fridge-failure"],[r"2,?340"],
  ["How much stock did we write off after the fridge failure?","fridge failure stock write-off value","how much did we lose in the fridge thing in jan"])
q("q22","number",["care-home/ashgrove-house-contract"],[r"\b38\b|thirty-eight"],
  ["How many residents does Ashgrove House have?","Ashgrove House number of residents","how many ppl at ashgrove"])
q("q23","number",["services/hallowburn-show-stall"],[r"\b63\b|sixty-three"],
  ["How many blood pressure checks did we do at the Hallowburn Show?","Hallowburn Show BP checks total","how many bp checks did we do at the show"])
q("q24","plain",["sops/sop-09-controlled-drugs"],[r"key ?safe"],
  ["Where does the CD cabinet key go overnight?","CD key overnight storage","where do we put the cd key at night"])

look=[("Fellside Health Centre","Fellside Community Hospital","What are the opening hours of our branch at Fellside Community Hospital?"),
("Northgate Pharma Supplies","Northgate Pharma Logistics","What's our account number with Northgate Pharma Logistics?"),
("Maureen Heslop","Maureen Hepple","which days is maureen hepple on the counter"),
("Kryotek PR-400","Kryotek PR-600","What's the serial number of our Kryotek PR-600 fridge?"),
("Ashgrove House","Ashgrove Lodge","How many residents are there at Ashgrove Lodge?"),
("Hallowburn Show","Hallowburn Carnival","how many BP checks did we do at the Hallowburn Carnival")]
OOD=[]
for n,(p,a,qq) in enumerate(look,1):
    OOD.append({"id":"ood%02d"%n,"type":"lookalike","present_twin":p,"question":qq})
off=["What's the weather going to be like in Durham this weekend?",
"have you got a good recipe for yorkshire puddings",
"Who won the FA Cup final in 2019?",
"What's the capital of Australia?",
"how many miles is it from newcastle to edinburgh",
"Can you recommend a good film to watch tonight?"]
for n,qq in enumerate(off,7):
    OOD.append({"id":"ood%02d"%n,"type":"offtopic","question":qq})

INV=[
{"id":"inv1","topic":"pull together everything we have on the fridges and the cold chain - the setpoint, the january failure and what we changed",
 "relevant":["sops/sop-04-fridge-monitoring","sops/sop-04-fridge-monitoring-v2","cold-chain/incident-2024-01-fridge-failure","cold-chain/fridge-temps-jan-2024","cold-chain/coldsure-engineer-visit","cold-chain/fridge-inventory","comms/whatsapp-counter-staff-2024-01","meetings/2024-01-staff-meeting","admin/gphc-inspection-2024"],
 "facts":[r"4\.5",r"cleaner",r"2,?340"]},
{"id":"inv2","topic":"can you do a report on the wholesaler switch from Northgate to TMD, why we moved, cut-offs etc",
 "relevant":["suppliers/wholesaler-northgate","suppliers/wholesaler-review-2024","meetings/2024-02-staff-meeting","suppliers/tmd-account-setup","comms/whatsapp-counter-staff-2024-04","meetings/2024-03-staff-meeting","meetings/2024-05-staff-meeting","meetings/2023-11-staff-meeting"],
 "facts":[r"Tyneside|\bTMD\b",r"\b4[.:]15|quarter past (4|four)|16[.:]15",r"7\.5 ?%|7\.5 per ?cent"]},
{"id":"inv3","topic":"everything on the october 2023 dispensing error and what we changed after it",
 "relevant":["incidents/dispensing-error-2023-10","incidents/complaint-birtley","incidents/after-the-error-changes","incidents/near-miss-log-q4-2023","meetings/2023-11-staff-meeting","sops/sop-07-dispensing-accuracy","staff/training-records","admin/gphc-inspection-2024"],
 "facts":[r"side by side|next to each other",r"divider|red (lasa )?sticker|LASA"]},
{"id":"inv4","topic":"write me up a summary of the Ashgrove House care home contract and how it runs day to day",
 "relevant":["care-home/ashgrove-house-contract","care-home/fwd-ashgrove-order-day-change","care-home/ashgrove-visit-notes","care-home/ashgrove-invoice-queries","meetings/2024-05-staff-meeting","meetings/2023-11-staff-meeting","delivery/delivery-rounds","services/flu-clinic-2024"],
 "facts":[r"\b38\b|thirty-eight",r"tuesday"]},
{"id":"inv5","topic":"pull together everything on the home delivery service - rounds, driver, what happens if the patient's out",
 "relevant":["delivery/delivery-rounds","sops/sop-11-home-delivery","delivery/welcome-kev","meetings/2024-03-staff-meeting","delivery/van-mot-service","meetings/2024-05-staff-meeting","meetings/2023-11-staff-meeting","meetings/2024-07-staff-meeting","comms/whatsapp-counter-staff-2024-04"],
 "facts":[r"Dobson|\bKev\b",r"back to the (shop|pharmacy)|card through"]},
{"id":"inv6","topic":"report on our flu and travel vaccination services: clinic dates, prices, who does them",
 "relevant":["services/flu-clinic-2024","services/travel-clinic","services/price-list-2024","services/price-list-erratum","comms/fwd-nhs-flu-2024","meetings/2024-07-staff-meeting","staff/training-records","meetings/2023-11-staff-meeting","staff/holiday-policy"],
 "facts":[r"15\.50",r"\b5(th)? oct|oct(ober)? 5(th)?\b"]},
{"id":"inv7","topic":"everything we've got on controlled drugs procedures - register, balance checks, keys, destruction",
 "relevant":["sops/sop-09-controlled-drugs","admin/gphc-inspection-2024","meetings/2024-01-staff-meeting","meetings/2024-02-staff-meeting","meetings/2024-07-staff-meeting","admin/nhs-contract-contacts","admin/it-system-dispensapro","sops/sop-13-responsible-pharmacist","incidents/near-miss-log-q4-2023","staff/rota-week-2024-06-10"],
 "facts":[r"key ?safe",r"friday",r"witness"]},
{"id":"inv8","topic":"pull together what we have on the blood pressure check service",
 "relevant":["services/bp-check-service","services/bp-checks-2024","services/hallowburn-show-stall","services/price-list-2024","meetings/2024-05-staff-meeting","meetings/2024-07-staff-meeting","staff/training-records","meetings/2024-01-staff-meeting"],
 "facts":[r"\b63\b|sixty-three",r"40 and over|40\+|aged 40|over 40"]},
]
about=("Blind evaluation vault for a team-chat research assistant. Domain: Garside's Pharmacy, an invented independent community "
"pharmacy with two branches (Market Place high-street shop and a smaller branch inside Fellside Health Centre) in the invented market "
"town of Hallowburn, County Durham. vault/ holds 61 markdown notes in 11 folders (sops, cold-chain, incidents, suppliers, delivery, "
"services, care-home, admin, staff, meetings, comms) written in several hands: the owner's tidy SOP and DECISION pages, long numbered "
"monthly minutes, pasted WhatsApp chats, forwarded emails, tables (markdown, plain aligned text, pipe without header rule, pasted CSV), "
"stubs, typos, inline #tags and [[wikilinks]] (three dangling). quick: 24 questions answerable from the notes, each with three phrasings "
"(full question, terse keywords, chat-typed) and regex facts; 8 are supersession items where a later note changes an earlier decision and "
"the old note stays unchanged. out_of_domain: 6 look-alike questions about an absent twin of something present in the vault (absent names "
"in 'lookalikes', none occurs in the vault) and 6 off-topic questions; the right answer is that the notes have nothing on it. "
"investigations: 8 report requests with the notes a good report would list and 2-3 facts it should state; inv1 (fridge setpoint) and "
"inv2 (wholesaler and cut-off) are about superseded decisions. Three hostile lines addressed to AI assistants sit inside notes; no gold "
"fact depends on them.")
gold={"_about":about,"quick":Q,"out_of_domain":OOD,"investigations":INV,"lookalikes":[a for _,a,_ in look]}
json.dump(gold,open("gold.json","w"),indent=1,ensure_ascii=False)
print(len(Q),len(OOD),len(INV))
