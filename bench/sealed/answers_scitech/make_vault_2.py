NOTES = {}

NOTES["meetings/2024-03-07-dept-meeting"] = """---
title: Science department meeting
date: 2024-03-07
tags: [minutes, department]
---
# Science dept meeting — Thursday 7 March 2024, 15:40, A3

Present: MO (chair), HF, OL, PN, BS, JA, FI, NC, RM, BA, CB, AM, DH, ZK, GP
Apologies: LT

**1. Matters arising**
- Requisitions: the 4-day deadline is mostly working now. A2 still sending late ones.
- Corvale: orders fine so far.

**2. Science fair**
Zofia: all set for the fair, judges confirmed, the PTA is doing refreshments. See [[events/science-fair-update]].

**3. Required practicals**
The Orbis email about lab book sampling — Y11 lab books must be complete by the date in the email. Anyone with RPs still outstanding please tell Graham this week so they can be requisitioned (and remember the 4 working days!). Outstanding list: Y11 chem electrolysis (2 groups), Y11 physics specific heat capacity (1 group), Y11 biology osmosis (1 group).

**4. Y12 field day**
Hannah: Tadmoor Farm field day is booked, letters went home. Quadrats and sweep nets to be checked by the technicians in May.

**5. Safety checks**
- PAT testing done over half term, three items failed, binned.
- **Gas safety inspection by Pellbridge Gas Services is booked for Tuesday 9 April** (Easter holiday — so no disruption to lessons). All lab gas taps to be off and the isolation valves accessible. Graham to be on site.
- Annual leak test on the sealed sources — Aisha to arrange with Northmere.

**6. Waste**
Graham: the annexe store clear-out list has gone to Greyhollow for a quote. Collection to be booked for summer term.

**7. Timetable for next year**
Miriam asked everyone to send room preferences by 22 March. K1 and K2 are in demand because of the Y10 physics change.

**8. Staffing**
Becky is going up to 0.8 from September (to be confirmed by HR).

**9. AOB**
- Joel: Y7 trip to the zoo — not a science dept trip, it's the pastoral team, but he's going.
- Declan: new physics textbooks arrived, in A3.
"""

NOTES["meetings/dt-dept-meeting-2024-01"] = """# Design & Technology department meeting — 18 Jan 2024

(shared in the staff drive; copied here because Graham asked about the extraction testing firm)

Present: K. Osei (HoD D&T), P. Ridley, S. Varga, workshop technician A. Holt

1. Budget: D&T materials budget is £4,200 this year; requisitions for materials to A. Holt a week ahead.
2. Dust extraction (LEV) test in the workshop was done in December by a different firm, not AirSure — passed.
3. Laser cutter fume extraction filter due for replacement, £310.
4. Y9 project: acrylic key rings; risk assessments for the strip heater updated.
5. Breakages: two coping saws and a vice handle.
6. Food room fridge set to 4 °C — checked daily by food tech teacher.
"""

NOTES["meetings/pe-dept-minutes-feb"] = """PE department minutes — 13 Feb 2024

- Sports day / KS3 field day: Friday 12 July on the top field. Risk assessment for the javelin updated.
- PE store cupboard — new lock, keys from reception only.
- Netball fixtures list on the board.
- First aid kits: restock before the field day.
- Budget: new football nets ordered.
"""

NOTES["meetings/slt-briefing-notes"] = """SLT briefing notes (staff briefing, Mon 26 Feb) - bits relevant to science

- Ofsted window: nothing announced.
- Whole school: reminder that all trips need the EVC's sign-off 6 weeks before.
- Careers fair is 12 March in the main hall - this is why the science fair had to move out of the hall.
- Cover: supply budget overspent, please minimise cover requests.
- Site: heating in Kestrel Annexe being looked at (K2 cold in the mornings).
"""

NOTES["procedures/practical-requisitions"] = """---
title: Practical requisitions — procedure
date: 2023-09-01
tags: [procedure, requisitions, technicians]
---
# How to requisition a practical

1. Fill in the requisition form (shared drive › Science › Requisitions › form.docx), one form per lesson.
2. Include: date, period, lab, class, number of groups, the practical, quantities and concentrations, any risk assessment reference.
3. Put it in the requisitions tray in the Ashdown prep room **or** email it to techs@millbrookcross.example.
4. **Deadline: two full working days before the lesson, by 12 noon.** e.g. for a Thursday lesson, in by Tuesday 12:00.
5. Annexe labs (K1/K2): trays go over on the trolley at 8:15 and 12:40. Say on the form if you need it earlier.
6. After the lesson, put everything back on the tray, used glassware in the grey wash bowl, and tick the return box.

Late requisitions will be done if possible but please don't expect miracles.

Questions: Graham Pellow (senior technician).
"""

NOTES["procedures/prep-room-rules"] = """---
title: Prep room rules
date: 2023-09-01
tags: [procedure, prep-room]
---
# Ashdown prep room — rules

- The prep room is a technicians' workspace. Teachers welcome, but knock and check first if a technician is doing something hazardous (e.g. making up acids).
- No food or drink in the prep room (there is a kettle in the tech office next door).
- Sixth-form lab helpers and science club helpers may come into the prep room only when a technician is with them, and must wear a lab coat and goggles.
- Younger pupils stay outside and wait at the hatch.
- Don't take trays off the trolley before they are ready.
- Don't leave anything in the fume cupboard without a label (name, date, what it is).
- The autoclave is technicians only.
- Last one out: check gas off, water off, windows shut.
"""

NOTES["procedures/spill-procedure"] = """# Spill procedure

(from the WSSAS guidance, adapted by GP, 2023)

1. Make the area safe: move students back, turn off Bunsens if anything flammable.
2. Small spills of dilute acids/alkalis: neutralise (sodium hydrogencarbonate for acid, citric acid for alkali), mop up, rinse.
3. Flammable solvent spill: no flames, ventilate, use absorbent granules, bag and label for disposal.
4. Mercury (broken thermometer — we still have a few old ones in the annexe): **do not vacuum**. Use the mercury spill kit, which is kept in the Ashdown prep room, top shelf of the first aid cupboard. Tell Graham.
5. Anything bigger than about 100 ml of a hazardous chemical, or you are not sure: call a technician, ring the WSSAS helpline if needed.
6. Record it on the near-miss log ([[technicians/near-miss-log]]).

Spill kits: one in each lab under the sink, plus the big kit in the chemical store.
"""

NOTES["procedures/microbiology-waste"] = """microbiology waste - what to do

date: 2023-10-10

used agar plates: tape shut, DON'T open, put in the autoclave bag in the prep room (red bin by the autoclave).
technicians autoclave the bags (121 °C, 15 min) at end of the day then they go in normal waste.
cotton buds, swabs, pipette tips: same bag.
broken glass with culture on it - tell a tech, don't put it in the glass bin.
disinfectant for benches: Virkon 1%, made up fresh on Mondays.
"""

NOTES["procedures/eye-protection"] = """# Eye protection policy (science)

Goggles (EN166 marked) are worn by everyone in the room whenever a practical involving chemicals, heating or stretched wires is taking place — students, teachers, technicians and visitors.
Safety spectacles are not enough for chemistry practicals.
Face shields for the teacher during demos listed in the WSSAS guidance.
Goggles sterilised in the UV cabinet in A3 and the prep room.

Signed by all teaching staff at induction.
"""

NOTES["procedures/equipment-loans"] = """---
title: Borrowing equipment between labs
tags: [procedure, loans]
---
Equipment belongs to the block it is in. If you need something from another lab or from the annexe:

1. Ask a technician, don't just take it.
2. Every loan goes in the loan book (prep room, blue folder) — item, from, to, who, date out, date back.
3. Data loggers and the oscilloscopes live in A5. They go out with their chargers.
4. Field equipment (quadrats, sweep nets, pooters) lives in the annexe store cupboard in K2, NOT the chemical store.

See also [[technicians/loan-book-transcript]] and [[equipment-inventory-master]].
"""

NOTES["procedures/lone-working-technicians"] = """Lone working: no technician works alone in the chemical store or with the autoclave running after 5pm. Tell site staff if you're staying late. #safety #technicians
"""
