import json
def Q(i, kind, notes, facts, ph, sup=None):
    d = {"id": i, "notes": notes, "facts": facts, "phrasings": ph, "kind": kind}
    if sup: d["superseded"] = sup
    return d
quick = [
 Q("q01","supersession",["committee/2023-11-14-committee-minutes"],[r"\b17 ?(°|º|degrees|deg\b)"],
   ["What temperature should the hall thermostat be set to for rehearsals?","hall thermostat setpoint rehearsals","wot temp do we put the heating on in the bandroom now"],
   ["hall/heating-procedure"]),
 Q("q02","supersession",["contests/coach-firm-change-2024"],[r"moorside"],
   ["Which coach company do we book for contests?","contest coach firm booking","who do we book the coach with for the area, is it still the usual lot"],
   ["contests/coach-booking-procedure"]),
 Q("q03","supersession",["hall/hire-rates-v2"],[r"£ ?22\b|22 (pounds|quid)"],
   ["How much is it per hour to hire the Winding Room?","Winding Room hire rate per hour","someone wants the winding room for a party hw much an hour"],
   ["hall/hire-rates"]),
 Q("q04","supersession",["band/band-chat-rehearsal-time"],[r"7[.:]15|quarter past seven|19[.:]15"],
   ["What time does the Thursday senior band rehearsal start?","Thursday rehearsal start time","what time is thurs band now"],
   ["band/rehearsal-schedule"]),
 Q("q05","supersession",["library/library-contacts-2024"],[r"ellery"],
   ["Who is the band librarian?","band librarian contact","who do i ask for a spare 2nd cornet part, whos librarian"],
   ["library/who-to-ask-for-music-2023"]),
 Q("q06","supersession",["committee/2023-10-erratum-conductor-fee"],[r"£ ?75\b|75 (pounds|quid)"],
   ["How much is Graham paid per rehearsal?","conductor fee per rehearsal","whats the conductors fee these days"],
   ["committee/2023-09-12-committee-minutes"]),
 Q("q07","supersession",["committee/2024-01-09-committee-minutes"],[r"consent"],
   ["Are parents allowed to take photos of the juniors at concerts?","photos of juniors at concerts policy","can i take a pic of my lad at the concert or is that still banned"],
   ["safeguarding/safeguarding-policy"]),
 Q("q08","supersession",["safeguarding/training-deadline-extended-email"],[r"30(th)? (of )?april|30/0?4|30\.0?4"],
   ["What is the deadline for the Level 2 safeguarding course?","safeguarding training deadline","when hav i got to do the safeguardin course by"],
   ["safeguarding/training-deadline"]),
 Q("q09","table",["instruments/asset-register"],[r"4,?850"],
   ["What is the insured value of the Halberd 700 Eb bass?","Halberd 700 insured value","how much is lees bass insured for"]),
 Q("q10","table",["library/music-catalogue-extract"],[r"\bC ?14\b"],
   ["Which drawer is Pendle Fire filed in?","Pendle Fire drawer","where do i find pendle fire in the libary"]),
 Q("q11","table",["instruments/repairs-log"],[r"£ ?95\b|95 (pounds|quid)"],
   ["How much did it cost to get the dent out of the 2nd baritone bell?","2nd baritone dent repair cost","wat did ridley charge for the baritone dent"]),
 Q("q12","cause",["contests/near-miss-trailer-report"],[r"hitch|coupl", r"not (properly |fully )?(latched|locked)|unlatched|unlocked|wasn.?t (latched|locked)"],
   ["Why did the percussion trailer nearly come off on the way back from Dalesgate?","trailer near miss cause Dalesgate","why did the trailer go all over the place coming home from dalesgate"]),
 Q("q13","cause",["hall/roof-leak-log"],[r"flashing", r"stol|theft|thie|nick"],
   ["Why did the roof start leaking over the Winding Room?","Winding Room roof leak cause","why was the roof leakin in sept"]),
 Q("q14","deep",["committee/2024-01-09-committee-minutes"],[r"£ ?138\b"],
   ["How much are the new band jackets costing each?","new jackets price each","how much r the new jackets per jacket"]),
 Q("q15","deep",["committee/2023-11-14-committee-minutes"],[r"fell rescue"],
   ["Which charity did the 2023 carolling collection go to?","carolling 2023 charity","who did the carol money go to this yr"]),
 Q("q16","person",["hall/insurance-claim-roof"],[r"greaves"],
   ["Who was the loss adjuster on the roof insurance claim?","roof claim loss adjuster","who was the insurance bloke that came to look at the roof"]),
 Q("q17","person",["hall/boiler-service-2023"],[r"swindells"],
   ["Who services the boiler at the band hall?","hall boiler service engineer","whos our heating guy, boilers making a noise"]),
 Q("q18","person",["safeguarding/safeguarding-policy"],[r"quarmby"],
   ["Who is the band's safeguarding lead?","safeguarding lead","who do i talk to about a safeguarding worry"]),
 Q("q19","date",["contests/2024-area-contest-entry"],[r"\b0?9(th)? (of )?march|\b0?9/0?3"],
   ["When is the 2024 North Pennine Area contest?","area contest 2024 date","when's the area this year"]),
 Q("q20","date",["hall/boiler-service-2023"],[r"\b17(th)? (of )?oct|17/10|2023-10-17"],
   ["When was the hall boiler last serviced?","boiler last service date","when did the boiler last get serviced"]),
 Q("q21","number",["finance/subs-and-bursaries"],[r"£ ?14\b|14 (pounds|quid)"],
   ["How much are adult subs per month?","adult subs monthly","hw much r subs for grown ups"]),
 Q("q22","number",["finance/grant-application-community-chest"],[r"3,?200"],
   ["How much did we get from the Kirkmoor Community Chest?","Community Chest grant amount awarded","how much was the council grant for the learners instruments"]),
 Q("q23","number",["hall/insurance-claim-roof"],[r"£ ?250\b|250 (pounds|quid)"],
   ["What was the excess on the roof insurance claim?","roof claim excess","how much excess did we pay on the roof claim"]),
 Q("q24","plain",["youth/youth-band-rehearsals"],[r"lamp room"],
   ["Which room does the youth band rehearse in?","youth band rehearsal room","where do the kids rehearse, which room"]),
]
lookalikes = [
 ("Brackenholme Civic Hall","Brackenholme Town Hall","What time do we need to be at Brackenholme Town Hall for the contest?"),
 ("Moorside Coaches","Moorside Travel","whats the number for Moorside Travel"),
 ("Tom Birtwistle","Dan Birtwistle","Has Dan Birtwistle signed his loan agreement yet?"),
 ("Halberd 700","Halberd 900","Who has the Halberd 900 bass on loan?"),
 ("Kirkmoor Summer Gala","Kirkmoor Winter Gala","what time are we on at the Kirkmoor Winter Gala"),
 ("Kirkmoor Community Chest","Kirkmoor Heritage Fund","How much did we get from the Kirkmoor Heritage Fund?"),
]
ood = []
for k,(p,a,q) in enumerate(lookalikes,1):
    ood.append({"id":"ood%02d"%k,"type":"lookalike","present_twin":p,"absent_twin":a,"question":q})
off = ["Is it going to rain in Scarthwaite on Saturday?",
       "whats a good recipe for yorkshire puddings",
       "Who won the FA Cup in 1990?",
       "What is the capital of Australia?",
       "how many calories in a pint of bitter",
       "Can you explain how a jet engine works?"]
for k,q in enumerate(off,7):
    ood.append({"id":"ood%02d"%k,"type":"offtopic","question":q})
inv = [
 {"id":"inv1","topic":"can someone pull together everything we have on contest coaches and the trailer near miss",
  "relevant":["contests/coach-booking-procedure","contests/near-miss-trailer-report","contests/coach-firm-change-2024",
              "committee/2023-11-14-committee-minutes","committee/2024-01-09-committee-minutes","contests/contest-travel-chat",
              "contests/2024-area-contest-entry","finance/treasurer-report-2023"],
  "facts":[r"moorside",r"hitch|coupl",r"pennine travel"]},
 {"id":"inv2","topic":"report on the hall heating pls - setpoint, boiler, costs",
  "relevant":["hall/heating-procedure","hall/boiler-service-2023","committee/2023-11-14-committee-minutes",
              "committee/2024-01-09-committee-minutes","finance/treasurer-report-2023","hall/hire-rates-v2","youth/parents-chat-paste"],
  "facts":[r"\b17 ?(°|º|degrees|deg\b)",r"swindells"]},
 {"id":"inv3","topic":"everything on the roof leak and the insurance claim",
  "relevant":["hall/roof-leak-log","hall/insurance-claim-roof","committee/2023-09-12-committee-minutes",
              "committee/2023-11-14-committee-minutes","instruments/insurance-schedule","finance/treasurer-report-2023",
              "committee/2024-03-26-agm-minutes"],
  "facts":[r"flashing",r"£ ?250\b",r"6,?480"]},
 {"id":"inv4","topic":"write up where we are with safeguarding training for the juniors",
  "relevant":["safeguarding/training-deadline","safeguarding/training-deadline-extended-email","safeguarding/training-tracker",
              "safeguarding/safeguarding-policy","committee/2024-01-09-committee-minutes","youth/parents-chat-paste",
              "events/carolling-risk-assessment"],
  "facts":[r"30(th)? (of )?april|30/0?4",r"quarmby"]},
 {"id":"inv5","topic":"summary of the lost music complaint from lowbridge",
  "relevant":["library/lost-music-complaint","committee/2024-01-09-committee-minutes","events/christmas-concert-2023",
              "committee/2023-11-14-committee-minutes","library/library-procedures","library/who-to-ask-for-music-2023"],
  "facts":[r"lowbridge",r"£ ?45\b",r"cragside"]},
 {"id":"inv6","topic":"pull together the carolling stuff - rota, risk assessment, where the money went",
  "relevant":["events/carolling-rota-2023","events/carolling-risk-assessment","committee/2023-11-14-committee-minutes",
              "committee/2023-09-12-committee-minutes","committee/2024-01-09-committee-minutes","finance/treasurer-report-2023",
              "youth/parents-chat-paste"],
  "facts":[r"fell rescue",r"hi-?vis|high[- ]vis",r"1,?286"]},
 {"id":"inv7","topic":"report on band instruments on loan, the asset register and insurance",
  "relevant":["instruments/asset-register","instruments/loan-agreement-template","instruments/loan-agreement-sophie-lumb",
              "instruments/insurance-schedule","instruments/repairs-log","instruments/halberd-700-bass-notes",
              "committee/2024-03-26-agm-minutes","finance/grant-application-community-chest"],
  "facts":[r"calder mutual",r"loan agreement"]},
 {"id":"inv8","topic":"what have we got on the brackenholme spring contest 2023 - result and adjudicator remarks",
  "relevant":["contests/2023-brackenholme-spring-results","contests/adjudicator-remarks-brackenholme-2023",
              "committee/2023-09-12-committee-minutes","committee/2024-03-26-agm-minutes","finance/treasurer-report-2023",
              "library/music-catalogue-extract"],
  "facts":[r"4th|fourth",r"dunmore"]},
]
about = ("Invented community brass band (Scarthwaite Colliery Band, a former mining town in the Pennines): senior band, "
 "youth band and learners, a band-owned hall, library, uniform store, loaned instruments, contests and coach travel, committee, "
 "finance, safeguarding, carolling. Vault of 62 markdown notes in 10 folders (committee, contests, hall, instruments, library, "
 "youth, safeguarding, finance, events, band). 'quick' holds 24 single questions with regex facts (8 supersession, 3 table, "
 "2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), each with three phrasings; 'out_of_domain' holds 6 questions about "
 "absent look-alike twins of things in the vault and 6 off-topic questions the notes cannot answer; 'investigations' holds 8 "
 "report requests with the notes a good report should list and facts it should state. Written blind from a brief.")
gold = {"_about": about, "quick": quick, "out_of_domain": ood, "investigations": inv,
        "lookalikes": [a for _,a,_ in lookalikes]}
json.dump(gold, open("gold.json","w",encoding="utf-8"), indent=1, ensure_ascii=False)
print("gold.json written")
