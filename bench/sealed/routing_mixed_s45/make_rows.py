import json, random
from collections import Counter

T, Q, NQ, NS, OWN, SOC, REQ, LK = ("terse_lookup", "question", "news_then_question", "news_short",
                                   "own_news", "social", "request", "request_lookalike")
ROUTE = {T: "quick", Q: "quick", NQ: "quick", LK: "quick", NS: "none", OWN: "none", SOC: "none", REQ: "async"}

W = {}
W["chimney_sweep"] = {
 T: ["flueway supplies account no", "scopemaster reset code", "pauline mobile",
     "birds nest removal price", "corbridge estate key safe code"],
 Q: ["do we still charge extra for thatched properties or did dean scrap that",
     "whats the min gap between sweeps for a wood burner again, customer asking",
     "anyone know which insurer covers the vans now",
     "how long do we keep copies of the sweet certs. sweep certs, stupid phone"],
 NQ: ["lady on ashby lane says her cowl blew off in the storm, we fitted it in march, is that still in our guarantee period",
      "marek's off sick so im doing his 2pm in little hemsford, whats the gate code for that farmhouse",
      "just had a bloke ring wanting a smoke test on his new liner, what do we charge for those"],
 NS: ["scopemaster back from repair", "van 2 mot passed 👍",
      "flueway price rise from the 1st of next month",
      "corbridge estate key safe code changed, pauline has the new one"],
 OWN: ["finally got the soot out of my ears lol what a day",
       "thanks kayleigh for covering saturday, owe u one"],
 SOC: ["who fancies a pint at the plough after the last job",
       "has anyone seen my head torch, think i left it in someones van"],
 REQ: ["can someone dig into why we keep getting callbacks on the stainless liners from flueway, want it all written up before i ring them",
       "need a write up of everything we know about the new smoke control rules for the district, customers keep asking",
       "could u put together a summary of all the bird guard jobs this year, whats gone wrong and what went right",
       "pauline can you research options for a second camera, prices, reviews, what the other sweeps round here use, report back end of week"],
 LK: ["look up the gate code for the old rectory at corbridge for me"],
}
W["vet_front_desk"] = {
 T: ["pennine vet supplies account number", "pawtrack admin login", "dr okafor extension",
     "cat neuter price female", "out of hours number weekend"],
 Q: ["do we still give the 10% off for rescue charities or did that stop",
     "is it the lepto booster or the full vaccine thats due at 12 months, always forget",
     "remind me how long we keep controlled drug records",
     "whats teh deposit for a new client dog dental again"],
 NQ: ["mrs pickering's here with the labrador and wants to pay monthly for the op, do we do payment plans over 500",
      "someone's just brought in a stray cat they found on station rd, whats the number for the cats protection lady we use",
      "rabbit in for a nail clip and the owner wants to book the spay while shes here, how old do they have to be before we spay"],
 NS: ["pennine order arrived, fridge stuff put away", "card machine working again",
      "dr okafor running 20 mins behind",
      "new opening hours start monday, signs are up on the door"],
 OWN: ["how am i only 2 weeks into this job and already got 3 cats lol. love it here",
       "thanks gemma for the coffee this morning, saved my life ☕"],
 SOC: ["shall we get a cake for toms last day, thoughts",
       "morning all 🌞 quiet in here today"],
 REQ: ["can someone pull together what we know about the complaints about waiting times this month, need it for the practice meeting",
       "could u put together a summary of how the other practices in millbrook handle missed appointment fees",
       "look into why pawtrack keeps sending reminder texts to clients whose pets have died, need a proper write up of whats going on so we can sort it",
       "research options for a new phone system for reception, costs and pros and cons pls, no rush"],
 LK: ["can u look up when bella the spaniel was last vaccinated, owner on the phone"],
}
W["school_kitchen"] = {
 T: ["greenacre foods order cutoff", "thermaline combi error e14", "mr hollins extension",
     "gluten free bread supplier", "fridge temp log limits"],
 Q: ["do we still do fish on fridays or did they move it to thursdays",
     "is the free meal count 212 or 221 this term",
     "anyone know what the new girl in year 2 is allergic to, ellie something",
     "how long do we keep the food probe records"],
 NQ: ["tollgate dairies didnt turn up this morning and weve got about 10 pints left, whats their emergency number",
      "shaz has burnt her hand on a tray, not bad, where do we log accidents now is it the blue book or online"],
 NS: ["greenacre delivery in, short 2 boxes of peas", "dishwasher engineer been, all sorted",
      "menu week 3 printed and on the wall",
      "environmental health visiting next tuesday, heads up"],
 OWN: ["what a morning, 300 jackets and nobody cried. proud of us",
       "got my level 3 food hygiene through today 🎉",
       "thanks bev for staying late yesterday x"],
 SOC: ["who wants the leftover crumble before i bin it",
       "nadia how was your holiday, did u get any sun"],
 REQ: ["can someone put together everything we know about the new allergen rules so we can go through it on the inset day",
       "need a proper write up of why food waste has gone up so much this term, numbers and reasons",
       "look into whether wed save money going with a different dairy, compare a few and write it up for mr hollins",
       "could someone summarise all the parent feedback on the new menu, good and bad"],
 LK: ["check what the head count is for tomorrows trip packed lunches pls"],
}
W["choir_committee"] = {
 T: ["st marks hall hire rate", "allegro scores account login", "rashid email",
     "annual subs amount concessions", "pat testing due date keyboard"],
 Q: ["do we still pay the accompanist per rehearsal or monthly",
     "whats the charity number again, need it for the raffle licence",
     "remind me who has the key to the music cupboard",
     "is the spring concert at st marks or the methodist hall"],
 NQ: ["just had a lovely email from a tenor who wants to join mid term, do new members pay full subs or pro rata",
      "gwen cant do thursday so im chairing, what time does the hall need us out by"],
 NS: ["raffle licence approved", "new folders arrived, 40 black ones",
      "rehearsal cancelled tonight, hall flooded",
      "minutes from last meeting now on the shared drive"],
 OWN: ["who knew i could hit that top g 😂 still buzzing from sunday",
       "thanks everyone for the cards, mum is doing much better",
       "feeling really rough, not coming tonight sorry"],
 SOC: ["anyone fancy a curry after the concert",
       "colin that jumper is a crime"],
 REQ: ["can someone look into grants we could apply for for the new risers and write it up for the next meeting",
       "pull together what we know about why membership dropped last year, leavers emails, subs, whatever we have",
       "lou could u do a short report on the pros and cons of moving rehearsals to wednesdays",
       "need everything weve got on the copyright licence for recording concerts, summarised, before we put anything on youtube"],
 LK: ["look up what we paid the organist for the carol service last year"],
}
W["canal_boat_hire"] = {
 T: ["marsh fuels account number", "pump out card pin", "halsey flight lock keeper number",
     "dabchick week hire price august", "moorhen licence renewal"],
 Q: ["do we still let dogs on kingfisher or is that pet free now",
     "how long is bramwell tunnel, customer wants to know if its scary",
     "whats the damage deposit on the 6 berth again",
     "anyone know what time the halsey locks shut in winter"],
 NQ: ["family on wren just rang, theyve dropped the windlass in at bridge 42, is there a chandlery near there we use",
      "customer bringing moorhen back 2 hours late cos of a stoppage, do we charge late return when its a crt stoppage",
      "sam has the only van out and i need to get diesel to dabchick, whats the fuel card pin"],
 NS: ["kingfisher back, all clean", "stoppage at lock 14 lifted",
      "marsh fuels delivery in, tank full", "wren booked out all of july now 🎉"],
 OWN: ["fell in at the winding hole again, what am i like 🙃",
       "thanks jo for sorting the ropes, looking much better"],
 SOC: ["whos up for a bacon butty run", "ade did u watch the match last night"],
 REQ: ["can someone dig into why moorhen keeps overheating, all the engineer notes and customer reports in one place pls",
       "need a write up of what other yards charge for short breaks, want to rethink our prices",
       "could u put together a summary of all the damage claims this season",
       "research options for electric boats, costs, grants, charging points, whatevers out there"],
 LK: ["can u check which boat the hendersons are on saturday"],
}
W["tattoo_studio"] = {
 T: ["northern ink co account no", "autoclave spore test due date", "mags mobile",
     "deposit policy cancellation", "council licence number"],
 Q: ["how long do we keep consent forms",
     "do we still do free touch ups in the first 3 months",
     "is the min age 18 for everything or can 16s get ear lobes done with a parent",
     "whats the hourly rate for guest artists again"],
 NQ: ["lad just walked in wanting a walk in and hes clearly had a few, whats our rule on people whove been drinking",
      "ree's 3pm cancelled with an hours notice, do we keep the whole deposit or half",
      "ran out of 7rl cartridges mid session, which supplier do we get the viper ones from"],
 NS: ["autoclave spore test passed", "northern ink order shipped, here thurs",
      "booked solid till march now"],
 OWN: ["finished the full back piece today, 26 hours total, knackered but so happy",
       "guess who got into the convention in leeds 🙌",
       "cheers luca for the tip on the lining needles, game changer"],
 SOC: ["who's getting the coffees", "danny that playlist today was something else 😂",
       "anyone going to the flash day at black harbour saturday"],
 REQ: ["can someone look into what the new council rules on piercing licences mean for us and write it up",
       "pull together everything we know about that allergic reaction complaint, dates, inks used, aftercare given, before the insurer call",
       "need a summary of how the instagram booking requests have gone vs walk ins this year"],
 LK: ["look up which ink we used on sarah k's sleeve, shes back for a touch up"],
}
W["cider_orchard"] = {
 T: ["severnglass account number", "bellmont press lockout code", "kasia mobile",
     "dabinett picking window", "duty return deadline"],
 Q: ["do we still sell to the kings head on account or is that cash only now",
     "remind me what ph we aim for before bottling",
     "how many litres is the big fermenter, the one by the door"],
 NQ: ["bloke from a farm shop in wickford wants 10 cases for christmas, whats our trade price per case",
      "alf's just found honey fungus on two trees in the top row, who was the tree surgeon we used last time"],
 NS: ["press cleaned and covered", "severnglass bottles in, 3 pallets",
      "last of the kingston black picked", "duty return submitted"],
 OWN: ["first bottle of the perry tasted, bloody lovely if i say so myself",
       "thanks bryony for covering the stall sunday, couldnt have done it without u"],
 SOC: ["wassail this year, fancy dress or no", "who nicked the last of the cheddar",
       "morning all, frosty one out there ❄️"],
 REQ: ["can someone dig into why batch 14 went so sour, temps, yeast, apples, whatever we logged, and write it up",
       "need a write up on farmers markets vs wholesale, which has actually made us more",
       "could u research options for a new bottling line, prices and what the other cider makers use",
       "pull together what we know about the scab problem in the bottom orchard, photos treatments dates"],
 LK: ["can someone check what the abv came out at on batch 12",
      "look up when the sprayer was last serviced"],
}
W["bouncy_castle_hire"] = {
 T: ["leisureguard policy number", "mega slide weight", "jordans van reg",
     "pirate ship hire price saturday", "anchor stake supplier"],
 Q: ["whats the max wind speed before we have to take them down",
     "do we still need an extra adult for the princess palace or is 1 enough",
     "anyone know how long the pipa cert lasts"],
 NQ: ["school in ashcombe wants 3 castles for sports day and wants to pay after, do we invoice schools or is it deposit up front",
      "lena's stuck in traffic on the a38 and the party starts at 2, whats the customers number for the kingsbridge one"],
 NS: ["mega slide repaired, patch holding", "pipa inspection passed on all 6",
      "van back from service"],
 OWN: ["what a weekend, 9 parties and not one puncture, im done in",
       "thank u kev for lending me the trailer",
       "who has two thumbs and finally got his hgv licence 👍👍"],
 SOC: ["chippy after the last drop off, whos in", "jordan u still owe me a fiver",
       "happy birthday tash 🎂🎈", "how good was that sunset at the beach party"],
 REQ: ["can someone look into why the blowers keep tripping the sockets at village halls and do a proper write up",
       "need a summary of every complaint and refund weve had this year so we can see if theres a pattern",
       "research options for soft play packages, what other firms offer and what they charge"],
 LK: ["can u check what time the drop off is for the wedding on saturday",
      "look up the deposit we took for the ashcombe school job"],
}

rows = []
for wp, kinds in W.items():
    for k, texts in kinds.items():
        for t in texts:
            rows.append({"text": t, "route": ROUTE[k], "kind": k, "workplace": wp})

# checks
assert len(rows) == 200, len(rows)
wc = Counter(r["workplace"] for r in rows); assert all(v == 25 for v in wc.values()), wc
kc = Counter(r["kind"] for r in rows)
want = {T: 40, Q: 30, NQ: 20, NS: 30, OWN: 20, SOC: 20, REQ: 30, LK: 10}
assert dict(kc) == want, kc
assert len({r["text"] for r in rows}) == 200
assert not any("?" in r["text"] for r in rows)
random.Random(45).shuffle(rows)
with open("rows.jsonl", "w", encoding="utf-8") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(Counter(r["route"] for r in rows)); print(kc); print(wc)
