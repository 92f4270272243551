N = {}

N["animals/diet-meerkats"] = """---
title: Diet sheet - meerkats
date: 2024-07-01
tags: [diet, meerkats, small-mammals]
---
# Meerkat diet sheet

Group: 9 (4.5). Fed twice daily, second feed is the public scatter feed at the keeper talk.

| Item | Amount per animal per day | Notes |
|---|---|---|
| Insectivore pellet (Marwood) | 25 g | split across both feeds |
| Mealworms | 20 g | scatter feed, weigh out in prep kitchen |
| Crickets (live) | 6 | dust with calcium Mon/Wed/Fri |
| Boiled egg | 1/4 egg | Tues & Fri only |
| Mixed veg (carrot, squash) | 15 g | chopped small |
| Locusts | 2 | weekends only, enrichment |

Weigh day: first Monday of the month. Target weights on the clipboard in the small mammals hut. Any animal down >5% tell Declan.
#diet #meerkats
"""

N["animals/diet-red-panda"] = """---
title: Diet sheet - red pandas
date: 2024-09-10
tags: [diet, red-panda]
---
Red pandas (Mei F, Tashi M from 17/9)

- Fresh bamboo: 1.2 kg per animal per day, cut from the bamboo bed behind the barn, morning cut only
- Leaf-eater pellet: 60 g per animal per day (Marwood)
- Apple: 50 g, pear when available
- Grapes: a few for training only
- Produce comes in with the Hindle & Sons delivery Mon/Thu - keep a box of apples back for the pandas, they go first

Don't feed bamboo that's been on the ground overnight.
Weigh every two weeks during quarantine.
"""

N["animals/diet-otters"] = """# Otter diet - Asian short-clawed otters (5)

date: 2024-05-14

Per otter per day:
  sprats / whitebait ...... 180 g
  day-old chicks .......... 1 (Tues, Thurs, Sat)
  crayfish ................ 3 when available
  boiled egg .............. 1/2 on Sundays
  insectivore pellet ...... 20 g scatter

Thaw fish in the prep kitchen fridge overnight, NEVER in water. Fish comes from the frozen supplier not produce.
Feeds 09:30 and at the otter talk. #otters #diet
"""

N["animals/reptile-house-temperatures"] = """---
title: Reptile house - temperature sheet
date: 2024-06-04
tags: [reptiles, temperatures, husbandry]
---
Reptile house vivarium temperatures. Laminate a copy for each viv. All heat is on Thermaxa TX-400 stats, lamps on the heat-lamp circuit, ceramic heaters on the night circuit.

```
Viv   Species                 Day hot spot   Day ambient   Night min
V1    Bearded dragon x2       40C            28C           20C
V2    Royal python            32C            28C           22C
V3    Leopard gecko x4        32C            27C           20C
V4    Hermann's tortoise x3   30C            25C           18C
V5    Corn snake              30C            26C           21C
V6    Chinese water dragon    33C            27C           23C
```

Check and record at 08:00 and 16:30 on the sheet on the door. If any viv is more than 3C below night min, call Tomasz or the head keeper.
- TW
"""

N["animals/reptile-temps-erratum"] = """ERRATUM - reptile house temperature sheet

Posted 10 December 2024, Annis Pellow (Curator)

The sheet [[animals/reptile-house-temperatures]] has a mistake in the V2 line. The night minimum for the royal python should read 24°C, not 22°C. Dr Quennell pointed this out when he checked the snakes after the power cut on 2 December. Tomasz has set the V2 night stat to 24°C already.

Please correct the laminated copy on V2 by hand. Everything else on the sheet is right.
"""

N["animals/red-panda-transfer-plan"] = """---
title: Red panda transfer plan - Tashi
date: 2024-08-29
tags: [red-panda, transfer, animal-moves]
---
# Red panda transfer - Tashi (M) from Hollins Wood Wildlife Park

**Animal:** Tashi, male red panda, born June 2021 at Hollins Wood. Moving on the breeding programme recommendation to pair with our female Mei.
**Sending collection:** Hollins Wood Wildlife Park. Registrar: Ines Carrow (ines.carrow@hollinswood.example, 07700 900781).
**Our contact:** Dr Annis Pellow (Curator). Records: AP.

## Before the move
- Pre-transfer health check by Hollins Wood's vet, 3 September, incl. faecal screen. Copy of results to Dr Samir Quennell.
- Transfer paperwork and records transfer via the registrar. Ines Carrow to send the animal's history and diet.
- Crate: on loan from Hollins Wood, to be returned with the next visit.
- Q2 quarantine house cleaned and disinfected, bamboo bed cut back.

## Travel day - Tuesday 17 September 2024
- Declan Mabry and Priya Oduya collect, leave 07:00, ~2 h each way in the park van.
- No food for 4 h before travel, water in crate.
- Arrive and straight into Q2, no handling.

## After arrival
- 30 days quarantine in Q2. Dr Quennell to examine on day 2 and day 28.
- Visual contact with Mei through mesh from week 3.
- Diet as per [[animals/diet-red-panda]].

Hollins Wood would like a 30-day report.
"""

N["animals/red-panda-enrichment"] = """# red panda enrichment ideas

(no date - Priya's list)

- bamboo ice lollies w/ apple pieces in summer
- scent trails: cinnamon, paprika, perfume sample from Bex in the café
- hanging feeders high up so they climb
- cardboard boxes with leaf-eater pellets inside
- new platform in the top of the oak - ask Barry
- NOT grapes every day, they get fussy

see also [[animals/enrichment-schedule]]
"""

N["animals/enrichment-schedule"] = """---
title: Enrichment schedule - spring 2025
tags: [enrichment]
---
Weekly enrichment - tick on the sheet when done.

| Day | Meerkats | Otters | Red pandas | Lemurs | Reptiles |
|---|---|---|---|---|---|
| Mon | dig box | ice block w/ fish | scent trail | puzzle feeder | - |
| Tue | scatter in straw | floating feeder | bamboo puzzle | hanging veg | bath V4 tortoises |
| Wed | egg in paper | crayfish hunt | boxes | scatter | live food V1 |
| Thu | new smells | sprinkler (summer) | hanging feeder | ice lolly | - |
| Fri | dig box | pebble pile | scent trail | browse | gut-loaded crickets V3 |
| Sat | keeper talk scatter | keeper talk | keeper talk | browse | - |
| Sun | locusts | chicks hunt | boxes | puzzle feeder | tortoise walk (warm days) |

Volunteers can do the Mon/Wed/Fri ones for meerkats with a keeper present.
"""

N["animals/goat-hoof-trimming"] = """hoof trim done 5/3/25 - goats x6 & sheep x4. Bramble bit tender front left, ok by Friday. Next due June. OB #pettingbarn"""

N["animals/thermaxa-controllers"] = """# Reptile house thermostats

All vivarium heat in the reptile house runs through Thermaxa TX-400 dimming thermostats - 6 units, one per viv, plus one spare boxed in the maintenance store. Installed by Craig Pettifer in March 2023.

- Probe leads are 3 m; don't cut them.
- If the display flickers, it's usually the probe connector, not the unit.
- The V3 unit was replaced after the December 2024 power cut (invoice from Pettifer Electrical).
- Manuals are in the blue folder in the reptile house kitchen.

Night circuit ceramics are on the same stats in night mode.
"""

N["animals/otter-pond-pump"] = """---
title: Otter pond pump
date: 2024-10-21
tags: [otters, maintenance]
---
Otter pond pump - replaced the bearing 21 Oct (Barry). The pump is the 1.5 kW one in the pump pit on the public side, NOT in the service corridor. Filter backwash every Monday. Pond drained and scrubbed twice a year (March, September), otters shut in the holding while it refills.

If the pump stops: the otters are fine for a day, but tell Barry before the water goes green.
"""

N["procedures/otter-service-corridor"] = """---
title: Otter service corridor - access procedure
date: 2024-03-14
tags: [procedure, otters, safety]
---
# Otter service corridor - access procedure

Last reviewed: 14 March 2024 (Declan Mabry)

The service corridor runs behind the otter holding pens and gives access to the holding pool and the slide controls.

1. Radio check with the office before entering and say which corridor you are going into.
2. A keeper may enter the service corridor alone provided they carry a charged radio and have told the office. Lone working is permitted here because the corridor is behind the animal barrier.
3. Check both slides are closed and pinned before opening the holding door.
4. Never enter the holding pens when the otters are in them.
5. Radio the office again when you come out.

Related: [[animals/diet-otters]]
"""

N["procedures/escape-drill-procedure"] = """---
title: Escape and emergency procedure - drills
date: 2023-11-02
tags: [procedure, emergency, drills, licence]
---
# Escape & emergency drills

Drills are held on the first Tuesday of every second month at 08:15, before the park opens, so visitors are not involved.

**Codes (radio channel 1):**
- Code Red - dangerous animal escape (we hold none at present, but the code stays in the plan)
- Code Amber - non-dangerous escape (otter, red panda, lemur, meerkat)
- Code Blue - visitor medical emergency
- Code Green - stand down

**Muster point:** car park B, by the coach bay.

**Roles:** head keeper is incident controller; curator keeps the log; maintenance secures the gates; office does the headcount.

Each drill is written up in incidents/ and the results go to the next management meeting. The council inspector looks at the drill records.
"""

N["procedures/escape-drill-schedule-2025"] = """---
title: Escape drill schedule 2025
date: 2025-01-27
tags: [drills, emergency]
---
This supersedes the drill timing in [[procedures/escape-drill-procedure]]; everything else in that page still applies.

From February 2025 escape and emergency drills move to the **last Thursday of every second month at 17:45**, after the gates close, so the café and shop staff can take part without visitors on site. The inspector recommended including café staff.

Dates: 27 Feb, 24 Apr, 26 Jun, 28 Aug, 30 Oct, and a December one to be agreed around the Santa weekends.

- HV
"""

N["procedures/petting-barn-rules"] = """# Petting barn - rules for staff & volunteers

Updated September 2024 (after the bite in August)

1. Visitors may feed only from the kiosk feed cups (50p). No outside food through the rail - crisps, sandwiches, anything. If you see it, stop it politely.
2. A rail steward (volunteer or keeper) is on the rail at all times at weekends and during school visits.
3. Handwashing: everyone washes at the station on the way OUT. Point it out to school groups.
4. Children under 8 at the rail with an adult.
5. Goats that are tired or grumpy go in the back pen - Bramble especially.
6. Any bite or scratch is recorded in the accident book and the daily log, first aider called.

First aiders list: [[staff/first-aiders-list]]
"""

N["procedures/food-prep-kitchen-hygiene"] = """---
title: Food prep kitchen - hygiene and deliveries
date: 2024-04-02
tags: [kitchen, hygiene]
---
Animal food prep kitchen (NOT the café kitchen).

- Fridge 1 (produce) 1-4°C, fridge 2 (fish/meat thawing) 1-4°C. Log temps at 08:00.
- Thaw fish and chicks in fridge 2, 24 h, covered, bottom shelf.
- Produce deliveries come in through the back door and go straight into the chiller. Check and note anything short on the delivery note.
- Colour-coded boards: green veg, red meat/chicks, blue fish.
- Floors mopped at the end of each day; bins out to the bin store every evening.
- Any droppings or gnawed packaging: tell Declan, he calls Sentinel.
"""

N["procedures/key-control"] = """# Key control

No date - office copy.

Section keys are signed out from the office each morning and back in at close. Spare padlock keys for the aviary, the otter holding and all the section stores are kept in the key safe in the keepers' mess room. The key safe code is held by the head keeper and the duty manager and is changed every quarter. Don't write the code down anywhere.

Lost key = tell Declan the same day, padlock gets changed.
"""
