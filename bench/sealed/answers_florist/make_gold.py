import json
Q = []
def q(id, kind, notes, facts, phr, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    Q.append(d)

TWO_C = r"\b2 ?(°|º)|\b2 ?c\b|two degrees|\b2 degrees"
q("q01","supersession",["meetings/2024-01-shop-meeting","suppliers/zonneveld-flowers"],[r"zonneveld"],
  ["Who is our Dutch wholesaler now?","dutch wholesaler current supplier","who do we order the dutch stuff from now, still hollandia??"],
  ["procedures/proc-05-weekly-auction-order"])
q("q02","supersession",["procedures/proc-02-cold-room-v2"],[TWO_C],
  ["What temperature should the cold room be set to?","cold room setpoint","wat temp is the cold room meant to be on"],
  ["procedures/proc-02-cold-room"])
q("q03","supersession",["admin/price-list-2024"],[r"£ ?135\b|\b135\b"],
  ["How much do we charge for a bridal bouquet?","bridal bouquet price","bride asking how much a bridal bouqet starts at, what do i say"],
  ["admin/price-list-2023"])
q("q04","supersession",["chat/whatsapp-van-and-florists-apr24"],[r"wednesday|\bweds?\b"],
  ["Which day does the Kingsbridge delivery round go out?","kingsbridge salcombe round day","what day is kingsbridge round now"],
  ["van/delivery-rounds"])
q("q05","supersession",["weddings/decision-deposits-and-cancellation-2024"],[r"90 days|ninety days|three months",r"£ ?40\b"],
  ["If a couple cancels their wedding, do they get their deposit back?","wedding deposit refund cancellation terms","bride cancelling months ahead, do we keep the deposit or refund it"],
  ["procedures/proc-07-wedding-bookings"])
q("q06","supersession",["admin/erratum-vase-hire-deposit"],[r"£ ?15\b"],
  ["What deposit do we take per vase for hire?","vase hire deposit per vase","how much deposit on hire vases again"],
  ["admin/vase-hire-sheet"])
q("q07","supersession",["meetings/2023-11-shop-meeting","procedures/proc-02-cold-room-v2","coldroom/alarm-dialler-install"],[r"callum|treloar"],
  ["Who is first callout if the cold room alarm goes off?","cold room alarm first callout","who gets rung first when the cold room alarm goes"],
  ["admin/keyholders-and-callout"])
q("q08","supersession",["contracts/fwd-riverbank-change-of-day"],[r"tuesday",r"14[:.]00|\b2 ?pm|2\.00 ?pm|two o'?clock"],
  ["When do we do the weekly flowers at Riverbank House Hotel?","riverbank house weekly flowers day time","what day r we doing riverbank now n what time"],
  ["contracts/riverbank-house-hotel"])
q("q09","table",["procedures/proc-03-conditioning-and-rotation"],[r"yellow"],
  ["What colour day dot goes on stock delivered on a Thursday?","day dot colour thursday","which colour dot for thurs stock"])
q("q10","table",["funerals/tribute-price-guide"],[r"£ ?38\b"],
  ["How much do we charge per letter for a funeral letter tribute?","funeral letters price per letter","family wants NAN in letters how much each letter"])
q("q11","table",["suppliers/sundries-stock"],[r"\b24\b|twenty[- ]four"],
  ["How many 40cm cylinder vases have we got for hire?","40cm cylinder vases quantity","how many of the 40cm cylinders we got"])
q("q12","cause",["coldroom/incident-2023-10-cold-room-failure"],[r"condenser fan|fan motor",r"buzzer"],
  ["Why did we lose all the stock in the cold room in October 2023?","cold room failure october cause","why did the cold room die in oct and nobody knew"])
q("q13","cause",["van/tail-lift-loler-fail-2024-03"],[r"hydraulic|seal",r"loler|thorough exam|inspection"],
  ["Why was the van off the road for deliveries in March?","van off road march reason","why couldnt we use the van in march"])
q("q14","deep",["meetings/2024-02-shop-meeting"],[r"£ ?35\b"],
  ["What's the minimum order for a delivery?","minimum order value local delivery","whats the min order for delivery now"])
q("q15","deep",["meetings/2024-01-shop-meeting"],[r"£ ?42\b"],
  ["How much is the Florelay membership fee going up to?","florelay relay membership fee increase","what r florelay charging us a month from april"])
q("q16","person",["suppliers/zonneveld-flowers"],[r"sanne|de groot"],
  ["Who is our rep at Zonneveld?","zonneveld rep contact","whos our contact at zonneveld"])
q("q17","person",["weddings/coombe-priory-barns-venue-notes"],[r"ravi|castellan"],
  ["Who's the coordinator at Coombe Priory Barns?","coombe priory barns coordinator","who do i ring at coombe priory barns about set up"])
q("q18","person",["admin/bookkeeping-month-end"],[r"marion|stubbs"],
  ["Who does our bookkeeping?","bookkeeper name","who do the fuel card receipts go to, the bookeeper?"])
q("q19","date",["van/van-details"],[r"22(nd)?( of)? aug|aug\w* 22|22/0?8"],
  ["When is the van's MOT due?","van MOT due date","when's the vans mot due"])
q("q20","date",["admin/lease-and-landlord"],[r"25(th)?( of)? mar|mar\w* 25|25/0?3",r"2025"],
  ["When is the next rent review on the shop?","shop rent review date","when does the landlord do the rent review"])
q("q21","number",["coldroom/incident-2023-10-cold-room-failure","admin/insurance-claim-cold-room","coldroom/spoiled-stock-oct23"],[r"1,?620"],
  ["How much stock did we lose in the cold room failure?","cold room failure stock loss value","how much did we lose when the cold room went"])
q("q22","number",["van/fuel-card-rules"],[r"£ ?450\b"],
  ["What's the monthly limit on the van fuel card?","fuel card monthly limit","whats the limit on the fuel card"])
q("q23","number",["admin/insurance-claim-cold-room"],[r"£ ?250\b"],
  ["What was the excess on the cold room insurance claim?","insurance claim excess cold room","how much excess did meridian take off"])
q("q24","plain",["procedures/proc-10-waste-and-compost"],[r"harbourne meadow"],
  ["Where does our green waste go?","green waste compost where","where do the green bins get emptied"])

OOD = [
 {"id":"ood01","type":"lookalike","present_twin":"Dartside Trading Estate","question":"What's the gate code for our unit at Dartside Business Park?"},
 {"id":"ood02","type":"lookalike","present_twin":"Harbourne Meadow Flowers","question":"How much are we paying Harbourne Valley Nursery for sweet peas this year?"},
 {"id":"ood03","type":"lookalike","present_twin":"Olivia Penrose","question":"what did olivia penhaligon say about the ceremony arch"},
 {"id":"ood04","type":"lookalike","present_twin":"Polarcool PC-400","question":"When was the Polarcool PC-450 last serviced?"},
 {"id":"ood05","type":"lookalike","present_twin":"Coombe Priory Barns","question":"have we got access notes for coombe priory farm, gary's never been"},
 {"id":"ood06","type":"lookalike","present_twin":"Dart Harvest Show","question":"How many table centres did we do for the Dart Harvest Supper?"},
 {"id":"ood07","type":"offtopic","question":"is it going to rain in totnes tomorrow"},
 {"id":"ood08","type":"offtopic","question":"What's a good recipe for elderflower cordial?"},
 {"id":"ood09","type":"offtopic","question":"who won the rugby world cup in 2019"},
 {"id":"ood10","type":"offtopic","question":"What's the capital of Australia?"},
 {"id":"ood11","type":"offtopic","question":"how long do i boil an egg for a runny yolk"},
 {"id":"ood12","type":"offtopic","question":"Can you explain how a heat pump works?"},
]
LOOK = [
 {"id":"ood01","present_twin":"Dartside Trading Estate","absent_twin":"Dartside Business Park"},
 {"id":"ood02","present_twin":"Harbourne Meadow Flowers","absent_twin":"Harbourne Valley Nursery"},
 {"id":"ood03","present_twin":"Olivia Penrose","absent_twin":"Olivia Penhaligon"},
 {"id":"ood04","present_twin":"Polarcool PC-400","absent_twin":"Polarcool PC-450"},
 {"id":"ood05","present_twin":"Coombe Priory Barns","absent_twin":"Coombe Priory Farm"},
 {"id":"ood06","present_twin":"Dart Harvest Show","absent_twin":"Dart Harvest Supper"},
]
INV = [
 {"id":"inv1","topic":"can you pull together everything we have on the cold room failure last october and what we changed after it",
  "relevant":["coldroom/incident-2023-10-cold-room-failure","coldroom/engineer-report-polarcool","coldroom/temp-log-oct-2023",
   "coldroom/spoiled-stock-oct23","chat/whatsapp-cold-room-night-oct23","meetings/2023-11-shop-meeting",
   "procedures/proc-02-cold-room-v2","coldroom/alarm-dialler-install","admin/insurance-claim-cold-room","meetings/2023-10-shop-meeting"],
  "facts":[r"condenser fan|fan motor",r"1,?620",TWO_C]},
 {"id":"inv2","topic":"write up why we switched dutch wholesaler and how the weekly order works now",
  "relevant":["meetings/2024-01-shop-meeting","procedures/proc-05-weekly-auction-order","suppliers/hollandia-stems",
   "suppliers/zonneveld-flowers","suppliers/fwd-zonneveld-welcome-email","meetings/2023-10-shop-meeting",
   "meetings/2023-09-shop-meeting","meetings/2024-02-shop-meeting","meetings/2024-04-shop-meeting"],
  "facts":[r"zonneveld",r"thursday",r"sunday"]},
 {"id":"inv3","topic":"report on the van tail-lift - problems, inspections, repairs",
  "relevant":["van/tail-lift-loler-fail-2024-03","van/van-details","meetings/2023-09-shop-meeting","meetings/2023-10-shop-meeting",
   "meetings/2024-01-shop-meeting","meetings/2024-04-shop-meeting","chat/whatsapp-van-and-florists-apr24",
   "weddings/dartmead-hall-venue-notes","weddings/coombe-priory-barns-venue-notes"],
  "facts":[r"hydraulic|seal",r"loler|thorough exam"]},
 {"id":"inv4","topic":"everything on our funeral work with Frome & Daughters",
  "relevant":["funerals/frome-and-daughters","funerals/tribute-price-guide","funerals/order-notes-march-24",
   "procedures/proc-09-funeral-work","meetings/2023-10-shop-meeting","meetings/2024-01-shop-meeting",
   "chat/whatsapp-van-and-florists-apr24","admin/bookkeeping-month-end"],
  "facts":[r"09:00|9 ?am|by 9",r"moss"]},
 {"id":"inv5","topic":"pull together what customer workshops we've run, numbers and what we charged",
  "relevant":["events/wreath-workshop-dec-2023","events/jam-jar-workshop-summer-2024","meetings/2023-09-shop-meeting",
   "meetings/2023-10-shop-meeting","meetings/2023-11-shop-meeting","meetings/2024-01-shop-meeting",
   "meetings/2024-02-shop-meeting","meetings/2024-04-shop-meeting","meetings/2024-06-shop-meeting"],
  "facts":[r"£ ?48\b",r"£ ?32\b"]},
 {"id":"inv6","topic":"saturday cover and the saturday junior - summary pls",
  "relevant":["admin/staff-rota-spring-2024","chat/whatsapp-saturday-cover-may24","meetings/2023-09-shop-meeting",
   "meetings/2024-01-shop-meeting","meetings/2024-04-shop-meeting","procedures/proc-01-opening-and-closing",
   "admin/holiday-and-absence-policy","chat/whatsapp-van-and-florists-apr24"],
  "facts":[r"josie",r"9 ?(am)? ?(-|–|to) ?4"]},
 {"id":"inv7","topic":"what do we do with our waste and compost, report",
  "relevant":["procedures/proc-10-waste-and-compost","suppliers/harbourne-meadow-flowers","meetings/2024-06-shop-meeting",
   "meetings/2024-04-shop-meeting","meetings/2024-01-shop-meeting","van/delivery-rounds","meetings/2023-09-shop-meeting",
   "meetings/2024-02-shop-meeting"],
  "facts":[r"harbourne meadow",r"foam"]},
 {"id":"inv8","topic":"summarise our contract flowers for the hotels and the restaurant",
  "relevant":["contracts/castleview-hotel","contracts/riverbank-house-hotel","contracts/fwd-riverbank-change-of-day",
   "contracts/salt-and-sorrel","admin/bookkeeping-month-end","meetings/2023-09-shop-meeting","meetings/2023-11-shop-meeting",
   "meetings/2024-02-shop-meeting","meetings/2024-04-shop-meeting","van/delivery-rounds"],
  "facts":[r"tuesday",r"£ ?145\b"]},
]
about = ("Blind evaluation vault for a team-chat research assistant. Domain: Fernleigh Flowers, an invented florist "
 "on the high street of Totnes, Devon, with a cold-room workshop at Unit 7, Dartside Trading Estate and one delivery van. "
 "The vault/ folder holds 64 markdown notes in 11 folders (procedures, meetings, weddings, funerals, contracts, suppliers, "
 "coldroom, van, admin, chat, events) in several hands: the owner's tidy PROC/DECISION pages, phone-typed notes, "
 "long monthly shop minutes, pasted WhatsApp chats, forwarded emails, price lists and tables (markdown, aligned text, "
 "pipe tables without header rule, pasted CSV), one-line stubs, other organisations' minutes and social pages. "
 "'quick' holds 24 single-answer questions (8 supersession items where a later note changes an earlier decision, "
 "3 table, 2 cause, 2 deep-in-minutes, 3 person, 2 date, 3 number, 1 plain), each with three phrasings and regex facts. "
 "'out_of_domain' holds 6 look-alike questions about names absent from the vault whose present twins share words "
 "(absent names listed in 'lookalikes') and 6 off-topic questions; the right answer is that the notes have nothing. "
 "'investigations' holds 8 report requests with the 6-10 notes a good report would list and 2-3 regex facts; "
 "inv1 (cold room) and inv2 (wholesaler) are about superseded decisions' subjects.")
gold = {"_about": about, "quick": Q, "out_of_domain": OOD, "investigations": INV, "lookalikes": LOOK}
json.dump(gold, open("gold.json","w"), ensure_ascii=False, indent=1)
print(len(Q), len(OOD), len(INV))
