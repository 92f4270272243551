import json

def q(id, kind, notes, facts, phr, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup:
        d["superseded"] = sup
    return d

quick = [
 q("q01","supersession",["decisions/DECISION-shoe-supplier-change","suppliers/email-northern-shoe-first-order"],
   [r"northern shoe"],
   ["Who do we buy our horseshoes and nails from now?","current shoe and nail supplier","who r we getting shoes off now"],
   ["suppliers/shoe-and-nail-suppliers"]),
 q("q02","supersession",["office/price-list-2024-v2"],
   [r"£ ?105\b|\b105 ?(pounds|quid)"],
   ["How much do we charge for a full set of hot shoes at the moment?","full set hot shod price","hows much is a full set now"],
   ["office/price-list-2023"]),
 q("q03","supersession",["chats/whatsapp-farriers-2024-05","meetings/2024-06-team-meeting"],
   [r"\bthu(rs|rsday)?s?\b"],
   ["What day does Van 2 do the Brockhope and Longrigg round?","Brockhope Longrigg round day van 2","what day is brockhope n longrigg on now"],
   ["rounds/van-rounds-rota"]),
 q("q04","supersession",["meetings/2024-03-team-meeting"],
   [r"passenger|under[ -]?25|not (to )?drive|no longer drive|can'?t drive|cannot drive|not allowed to drive|don'?t drive|do not drive"],
   ["Are the apprentices allowed to drive the vans?","apprentices driving vans rule","can josh drive van 1 or not"],
   ["procedures/PROC-7-apprentices"]),
 q("q05","supersession",["office/erratum-callout-fee","office/price-list-2024-v2"],
   [r"£ ?65\b"],
   ["What's the out-of-hours emergency call-out fee?","out of hours call-out charge","how much do we charge for a call out at night"],
   ["office/letter-to-yards-jan-2024"]),
 q("q06","supersession",["procedures/PROC-4-gas-forge-rev-2024"],
   [r"\b7 ?psi|\bseven psi"],
   ["What pressure should the gas forge regulator be set to?","gas forge working pressure psi","wat psi do we run the gas forge at"],
   ["procedures/PROC-4-gas-forge"]),
 q("q07","supersession",["vets/remedial-protocol-2024","meetings/2024-04-team-meeting"],
   [r"baty"],
   ["Which vet at Tynebrook do remedial referrals go through?","Tynebrook remedial referral vet","who do remedial referals go thru at the vets"],
   ["vets/tynebrook-contacts"]),
 q("q08","supersession",["office/fwd-fellside-payment-terms"],
   [r"60[ -]?days?|sixty[ -]days?"],
   ["What payment terms is Fellside Racing on?","Fellside payment terms","how long does fellside get to pay us"],
   ["office/yard-accounts"]),
 q("q09","table",["rounds/vans"],
   [r"14(th)?\s*sep(t|tember)?|14/0?9|2024-09-14"],
   ["When is the MOT due on Van 2?","Van 2 MOT due date","when's dans van mot"]),
 q("q10","table",["ironwork/ironwork-price-list"],
   [r"£ ?145\b"],
   ["What's our price per metre for plain bar railings?","plain railings price per metre","how much a metre for plain railings"]),
 q("q11","table",["suppliers/stock-count-2024-05"],
   [r"\b28\b"],
   ["How many pairs of size 3 hind concaves did we have at the May stock count?","stock count May size 3 hind pairs","how many 3 hinds did josh n ellie count"]),
 q("q12","cause",["forge/incident-report-burn-2024-01"],
   [r"relit|relight|re-lit|re-light", r"flame failure|unburnt gas|built up|kept flowing"],
   ["Why did Josh get burnt on the gas forge in January?","cause of Josh burn January gas forge","how did josh burn his hand on the forge"]),
 q("q13","cause",["vets/case-bramble-abscess","office/reply-to-fenwick","meetings/2024-06-team-meeting","chats/whatsapp-farriers-2024-06"],
   [r"abscess"],
   ["Why was Mrs Fenwick's horse Bramble lame in June?","Bramble lameness cause","wat was wrong with bramble, was it the nail"]),
 q("q14","deep",["meetings/2024-01-team-meeting"],
   [r"50 ?%|50 per ?cent|fifty per ?cent|\bhalf\b"],
   ["What deposit do we take on ironwork commissions?","ironwork commission deposit","do we take a deposit for gates n that"]),
 q("q15","deep",["meetings/2024-04-team-meeting"],
   [r"no more visits|stop|suspend|until the account is cleared|until (it'?s |they'?ve )?paid",
    r"small claims|money claim|letter before action"],
   ["What did we decide to do about Highcleugh Farm not paying?","Highcleugh unpaid account decision","what are we doing about highcleugh owing us"]),
 q("q16","person",["team/apprentice-college-days","office/staff-contacts"],
   [r"craster"],
   ["Who is the apprentices' college tutor?","apprentice college tutor name","whos ellies tutor at college"]),
 q("q17","person",["suppliers/gas-supplier-cheviot","office/staff-contacts"],
   [r"stuart( bell)?\b"],
   ["Who's our contact at the gas supplier?","gas supplier contact name","who do i ring about the gas bottles"]),
 q("q18","person",["rounds/longrigg-equestrian","office/staff-contacts","office/yard-accounts"],
   [r"wendy|nixon"],
   ["Who is the yard manager at Longrigg Equestrian Centre?","Longrigg yard manager","whos in charge at longrigg"]),
 q("q19","date",["forge/power-hammer-blackett-ph40","meetings/2024-04-team-meeting"],
   [r"\boct(ober)?\b|2024-10|10/2024"],
   ["When is the power hammer next due a service?","power hammer next service date","when's the hammer getting serviced next"]),
 q("q20","date",["team/dalton-steads-lease"],
   [r"sep(t|tember)?\.?\s*2025|2025-09-30|30/0?9/2025"],
   ["When does the Dalton Steads lease run out?","Dalton Steads lease end date","when is the dalton steads lease up"]),
 q("q21","number",["rounds/fellside-racing"],
   [r"\b38\b|thirty[- ]eight"],
   ["How many horses are in training at Fellside?","Fellside number of horses","how many horses has fellside got"]),
 q("q22","number",["office/insurance-renewal-2024"],
   [r"£ ?5 ?(m|million)\b|5,000,000|five million"],
   ["How much public liability cover do we have?","public liability cover amount","whats our public liabilty insurance up to"]),
 q("q23","number",["team/dalton-steads-lease"],
   [r"£ ?450\b"],
   ["How much rent do we pay for the Dalton Steads unit?","Dalton Steads rent per month","whats the rent on dalton steads"]),
 q("q24","plain",["suppliers/gas-supplier-cheviot","forge/coke-fire-notes"],
   [r"cage"],
   ["Where are the spare gas bottles kept?","gas bottle storage location","where do the full gas bottles go"]),
]

look = [
 ("Dalton Steads","Dalton Grange","What's the rent on the unit at Dalton Grange?"),
 ("Northern Shoe & Steel","Northern Horseshoe","When did we last order from Northern Horseshoe Co?"),
 ("Marcus Heron","Lydia Heron","What did Lydia Heron say about the racing plates?"),
 ("Blackett PH-40","Blackett PH-60","How often does the Blackett PH-60 power hammer need servicing?"),
 ("Low Ashgill Farm","High Ashgill","When are we next at High Ashgill Farm to trim the ponies?"),
 ("Tynedale Show","Tynedale Ploughing Match","Did we win anything at the Tynedale Ploughing Match?"),
]
ood = []
for i,(p,a,qq) in enumerate(look,1):
    ood.append({"id":"ood%02d"%i,"type":"lookalike","present_twin":p,"question":qq})
off = ["What's the weather going to be like in Hexham tomorrow?",
       "Have you got a good recipe for stottie cake?",
       "Who won the FA Cup final in 2022?",
       "What's the capital of Mongolia?",
       "how many ounces in a kilo",
       "What time is the last train from Hexham to Newcastle tonight?"]
for i,qq in enumerate(off,7):
    ood.append({"id":"ood%02d"%i,"type":"offtopic","question":qq})

inv = [
 {"id":"inv1","topic":"pull together everything we have on the shoe supplier change",
  "relevant":["suppliers/shoe-and-nail-suppliers","decisions/DECISION-shoe-supplier-change","suppliers/email-northern-shoe-first-order",
              "meetings/2023-11-team-meeting","meetings/2024-01-team-meeting","meetings/2024-02-team-meeting",
              "chats/whatsapp-farriers-2024-02","meetings/2024-04-team-meeting","suppliers/stock-count-2024-05"],
  "facts":[r"northern shoe",r"tynedale farrier supplies"]},
 {"id":"inv2","topic":"can u do a report on josh's burn on the gas forge and what we changed after",
  "relevant":["forge/incident-report-burn-2024-01","procedures/PROC-4-gas-forge","procedures/PROC-4-gas-forge-rev-2024",
              "suppliers/gas-supplier-cheviot","meetings/2024-01-team-meeting","meetings/2024-02-team-meeting",
              "chats/whatsapp-farriers-2024-02","office/insurance-renewal-2024","meetings/2024-03-team-meeting"],
  "facts":[r"\b7 ?psi",r"flame failure|\bFFDs?\b"]},
 {"id":"inv3","topic":"everything on late payers and how we invoice the yards",
  "relevant":["procedures/PROC-9-invoicing","office/yard-accounts","rounds/highcleugh-farm","meetings/2023-11-team-meeting",
              "meetings/2024-04-team-meeting","chats/slack-office-2024-04","office/fwd-fellside-payment-terms","meetings/2024-06-team-meeting"],
  "facts":[r"highcleugh",r"60[ -]?days?",r"small claims|letter before action"]},
 {"id":"inv4","topic":"write up the rules for the apprentices - driving, college, supervision, the lot",
  "relevant":["procedures/PROC-7-apprentices","meetings/2024-03-team-meeting","team/apprentice-college-days",
              "office/insurance-renewal-2024","meetings/2024-04-team-meeting","forge/power-hammer-blackett-ph40","meetings/2024-01-team-meeting"],
  "facts":[r"passenger|under[ -]?25",r"craster",r"wednesday"]},
 {"id":"inv5","topic":"how does remedial shoeing with tynebrook work, and what cases have we had",
  "relevant":["vets/remedial-protocol-2024","vets/tynebrook-contacts","vets/case-laminitis-toffee","rounds/low-ashgill-farm",
              "meetings/2024-04-team-meeting","office/price-list-2024-v2","chats/whatsapp-farriers-2024-06","rounds/fellside-racing"],
  "facts":[r"baty",r"x-?rays?"]},
 {"id":"inv6","topic":"summary of the decorative ironwork commissions pls",
  "relevant":["ironwork/stonecroft-gates","ironwork/church-railings-st-oswin","ironwork/ironwork-price-list","meetings/2024-01-team-meeting",
              "suppliers/steel-order-ironwork","ironwork/tynedale-show-stand","forge/power-hammer-blackett-ph40","meetings/2024-03-team-meeting"],
  "facts":[r"50 ?%|\bhalf\b",r"morag",r"stonecroft"]},
 {"id":"inv7","topic":"the fenwick complaint about the lame horse - everything we've got",
  "relevant":["office/complaint-fenwick","office/reply-to-fenwick","vets/case-bramble-abscess","chats/whatsapp-farriers-2024-06",
              "meetings/2024-06-team-meeting","rounds/brockhope-livery"],
  "facts":[r"abscess",r"bramble",r"reset"]},
 {"id":"inv8","topic":"vans report: MOTs, gas bottles on board, who drives, which rounds",
  "relevant":["rounds/vans","rounds/van-rounds-rota","chats/whatsapp-farriers-2024-05","decisions/DECISION-van-2-replacement",
              "meetings/2024-03-team-meeting","office/insurance-renewal-2024","suppliers/gas-supplier-cheviot"],
  "facts":[r"\bMOT\b",r"19 ?kg|propane"]},
]

about = ("Blind evaluation vault for a team-chat research assistant. Domain: Whinnyrigg Forge, an invented farrier and "
 "blacksmith business in a converted barn outside Hexham, Northumberland, with two mobile shoeing vans, a second unit at "
 "Dalton Steads, remedial shoeing with an equine vet practice and decorative ironwork commissions. The vault has 63 notes "
 "in 11 folders (procedures, decisions, meetings, rounds, chats, office, suppliers, vets, ironwork, forge, team). "
 "'quick' holds 24 single-answer questions (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), "
 "each with the answering note(s), regex facts and three phrasings; supersession items name the stale note. "
 "'out_of_domain' holds 6 look-alike questions about things absent from the vault whose names resemble present ones "
 "(absent names listed in 'lookalikes', same order) and 6 off-topic questions; the right answer is that the notes do not cover them. "
 "'investigations' holds 8 report requests, each with 6-10 relevant notes and 2-3 regex facts a good summary would state.")

gold = {"_about": about, "quick": quick, "out_of_domain": ood, "investigations": inv,
        "lookalikes": [a for _,a,_ in look]}
with open("gold.json","w",encoding="utf-8") as f:
    json.dump(gold, f, indent=1, ensure_ascii=False)
print("written")
