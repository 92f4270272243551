NOTES = {}

NOTES["safety-checks/airsure-quote-2023"] = """---
title: AirSure fume cupboard testing quote 2023
date: 2023-09-28
tags: [fume-cupboards, quote, safety-checks]
---
# AirSure Extraction Testing Ltd — quote for annual test

Quote ref AS-23-1187, received 28 Sept 2023.

- Annual examination and test of fume cupboards to the current standard, face velocity readings, smoke test, report and labels.
- 5 cupboards (Ashdown prep room, A2, A4, K1, K2)
- **£68 per cupboard + VAT**, total £340 + VAT
- Remedial work quoted separately.
- Visit booked: Wednesday 1 November 2023, from 8am.

Accepted by MO 2 Oct.
"""

NOTES["safety-checks/airsure-quote-erratum"] = """# ERRATUM — AirSure quote

date: 2023-10-09

AirSure emailed: the quote we accepted had the wrong price on it (they used last year's rate). The correct price is **£79 per cupboard + VAT**, so £395 + VAT for all five. The quote page [[safety-checks/airsure-quote-2023]] is wrong on the price — everything else on it stands.

Miriam OK'd the difference. Re-test after any repair is charged at the same per-cupboard rate.
"""

NOTES["safety-checks/fume-cupboard-results-2023"] = """fume cupboard test results - AirSure visit 1 Nov 2023
(copied from their report, GP)

Cupboard | Location | Model | Avg face velocity (m/s) | Smoke test | Result
FC1 | Ashdown prep room | Airvane DS6 | 0.46 | ok | PASS
FC2 | A2 | Airvane DS6 | 0.41 | ok | PASS
FC3 | A4 | Airvane DS6 | 0.52 | ok | PASS
FC4 | K1 (annexe) | Clearflow FC-900 | 0.22 | spillage at sash | FAIL
FC5 | K2 (annexe) | Clearflow FC-900 | 0.37 | ok | PASS

Pass = average face velocity at least 0.3 m/s and satisfactory smoke test.
Next test due Nov 2024.
FC4 taken out of use - see [[safety-checks/k1-fume-cupboard-out-of-use]]
"""

NOTES["safety-checks/k1-fume-cupboard-out-of-use"] = """---
title: K1 fume cupboard out of use
date: 2023-11-02
tags: [fume-cupboards, kestrel-annexe, fault]
---
# K1 fume cupboard (FC4, Clearflow FC-900) — OUT OF USE

Failed the AirSure test on 1 Nov: average face velocity 0.22 m/s, smoke spilling out at the sash.

**Cause:** the AirSure engineer went up on the roof and found the drive belt on the extract fan worn and slipping, so the fan was running well under speed. Nothing wrong with the cupboard itself. The fan is the original 2009 one.

Actions
- Cupboard taped off, DO NOT USE sign on the sash (GP, 1 Nov)
- Lucy and Ben told; K1 fume cupboard work moves to K2 or A4
- Site team asked to get the belt replaced — done 11 Jan 2024 by the site contractor
- Re-test by AirSure booked for 27 Feb 2024

Update 27 Feb: re-tested, 0.44 m/s, PASS. Back in use. — GP
"""

NOTES["safety-checks/gas-and-electrical-checks"] = """# Gas and electrical safety checks

## Gas
- Each lab has an emergency gas isolation button by the door and a gas interlock that only lets the gas on when the extract is running (annexe labs) — see [[gas-interlock-manual]].
- Annual gas safety inspection by Pellbridge Gas Services (spring). Date for 2024: see the March minutes.
- Technicians check each Bunsen tube for cracks every half term.

## Electrical
- PAT testing every year (site team's contractor), over a half term.
- Power packs and ray boxes checked by technicians before going out.
- Anything failed gets cut plug + red tag and goes in the WEEE cage.

## Log
| Date | Check | Result |
|---|---|---|
| 18/04/2023 | Gas inspection | Pass (one tap in A2 replaced) |
| 20/02/2024 | PAT testing | 3 fails (2 kettles, 1 power pack) |
"""

NOTES["safety-checks/radiation-protection-supervisor"] = """---
title: Radiation protection — who's responsible
date: 2022-09-06
tags: [radiation, rps, sources]
---
# Radioactive sources — roles

- **Radiation Protection Supervisor (RPS): Colin Brayford** (physics). Holds the source store key, keeps the use log, does the monthly check.
- Radiation Protection Adviser (RPA): Northmere Radiation Protection — Dr Helen Vasquez.
- Employer: the school (via the local authority).

Only the RPS (or a physics teacher he has signed off) takes sources out. Sources are used for demonstrations only, Y10 upwards, never by students.
"""

NOTES["safety-checks/rps-contacts-v2"] = """---
title: Radiation protection — who's responsible (v2)
date: 2024-02-19
tags: [radiation, rps, sources]
---
# Radioactive sources — roles (v2)

- **RPS: Aisha Mercer** (physics), from February half term 2024. RPS training with Northmere completed 9 Feb.
- Deputy / cover when Aisha is away: Declan Hoyle (demos only, no monthly checks).
- RPA: Northmere Radiation Protection, Dr Helen Vasquez, 07700 900609.

The source store key has moved to Aisha. Monthly checks: first Monday of the month, signed in the log in A5.
"""

NOTES["safety-checks/sealed-sources-inventory"] = """# Sealed sources held

Kept in the locked steel source safe in the physics store off A5.

| Ref | Isotope | Activity (nominal) | Type | Purchased |
|---|---|---|---|---|
| S1 | Americium-241 | 185 kBq | alpha | 2009 |
| S2 | Strontium-90 | 74 kBq | beta | 2009 |
| S3 | Cobalt-60 | 185 kBq | gamma | 2014 |

Also: a protactinium generator — disposed of via Northmere in 2021.
Annual leak test: each source wipe-tested, results sent to the RPA. Last done May 2023.
Monthly check: sources physically seen and logged.
"""

NOTES["safety-checks/fire-alarm-ashdown-oct"] = """Fire alarm - Ashdown block, Mon 2 Oct 2023 (p4)

Whole Ashdown block evacuated 12:10, back in 12:35. No fire.

Why: Tomasz opened the autoclave at the end of its cycle with the prep room door to the corridor propped open (trolley run), and the steam drifted into the corridor and set off the smoke detector outside A3. Site team reset it.

Actions:
- prep room corridor door stays shut while the autoclave is venting (sign put up)
- autoclave only opened after it has cooled to the "safe" light
- site team to ask the alarm company whether that detector should be a heat detector

GP
"""

NOTES["practicals/required-practicals-tracker"] = """---
title: Required practicals tracker (GCSE)
tags: [required-practicals, exams]
---
# GCSE required practicals — tracker 2023-24 (Y11)

Tick when done with the whole group, and make sure it's written up in the lab book. Orbis expects every RP to be in the lab book.

| RP | Subject | 11A | 11B | 11C | 11D | 11E |
|---|---|---|---|---|---|---|
| Microscopy | Bio | ✓ | ✓ | ✓ | ✓ | ✓ |
| Osmosis | Bio | ✓ | ✓ | ✓ | ✓ | — |
| Enzymes (pH) | Bio | ✓ | ✓ | ✓ | ✓ | ✓ |
| Food tests | Bio | ✓ | ✓ | ✓ | ✓ | ✓ |
| Making salts | Chem | ✓ | ✓ | ✓ | ✓ | ✓ |
| Electrolysis | Chem | ✓ | ✓ | ✓ | — | — |
| Temperature change | Chem | ✓ | ✓ | ✓ | ✓ | ✓ |
| Rates of reaction | Chem | ✓ | ✓ | ✓ | ✓ | ✓ |
| Chromatography | Chem | ✓ | ✓ | ✓ | ✓ | ✓ |
| Specific heat capacity | Phys | ✓ | ✓ | ✓ | ✓ | — |
| Resistance | Phys | ✓ | ✓ | ✓ | ✓ | ✓ |
| Density | Phys | ✓ | ✓ | ✓ | ✓ | ✓ |
| Waves (ripple tank) | Phys | ✓ | ✓ | ✓ | — | ✓ |

Last updated by GP 4 March 2024. A level practical endorsement records are separate: [[y13-practical-endorsement]].
"""

NOTES["practicals/incubator-settings"] = """# Microbiology incubator

date: 2022-09-20

The incubator in the Ashdown prep room is set to **30 °C**. Plates are incubated for 48 hours maximum and are never opened after incubation.
Temperature checked each morning by whoever is on the early shift and written on the sheet on the door.
Don't put anything else in the incubator (no yogurt experiments without asking Hannah).
"""

NOTES["practicals/microbiology-checklist-2024"] = """---
title: Microbiology checklist
date: 2024-02-12
tags: [biology, microbiology, required-practicals]
---
# Microbiology — checklist for staff (2024)

For the Y11 antibiotics / antiseptics practical and any KS5 microbiology.

1. Use the WSSAS guide for the practical; risk assessment reference on the requisition.
2. Aseptic technique demonstrated first; students wash hands before and after.
3. Plates taped with two strips (not sealed all round), labelled on the base.
4. Incubator set point: **25 °C**. Do not change it — WSSAS advice for schools is no higher than this so we don't encourage human pathogens.
5. Incubate 48 h max, then look through the lid only.
6. All plates to the autoclave bag — see [[procedures/microbiology-waste]].

HF / GP
"""

NOTES["practicals/y10-rates-of-reaction-req"] = """req - Y10 rates (thiosulfate) - RM

Thurs 22 Feb p2, A2, 10X3, 8 groups
per group: 50ml sodium thiosulfate 40 g/dm3, 10 ml HCl 2M, conical flask 100ml, stopclock, paper with X, 10ml + 50 ml meas cyl
extra: thermometers for the temp version
hazcard for thiosulfate + acid (SO2 - ventilate, asthmatics). windows open
handed in Mon 19 Feb am
"""

NOTES["practicals/exam-board-email-lab-books"] = """Fwd: Lab book sampling — GCSE sciences 2024

---------- Forwarded message ---------
From: Centre Support <centres@orbis-exams.example>
Date: Mon, 26 Feb 2024 at 09:12
To: exams@millbrookcross.example
Subject: Lab book sampling — GCSE sciences 2024

Dear Exams Officer,

As part of our monitoring of required practical activities, your centre has been selected for lab book sampling this year. Please ensure Y11 lab books (or equivalent records) showing all required practicals are complete and available by **Wednesday 15 May 2024**. We will email on that date asking for a sample of 5 students per science, to be uploaded within 5 working days.

Kind regards,
Centre Support Team, Orbis Examinations

---
forwarded to science by the exams office - MO: everyone please check your groups against the tracker
"""

NOTES["practicals/y12-titration-notes"] = """Y12 titration - 0.1 M NaOH vs HCl, burettes from A4 only (the A2 ones leak). #practicals
"""
