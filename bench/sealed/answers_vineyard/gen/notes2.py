N = {}

N["winery/ferment-temperatures"] = """---
title: Fermentation temperatures - procedure
date: 2023-08-30
tags: [winery, procedure, ferment]
---
# Fermentation temperatures

Setpoints on the glycol jackets. Check every tank twice a day (8am and 4pm) and write the reading and the
gravity on the ferment sheet on the tank.

| Wine | Setpoint | Allowed range |
|---|---|---|
| Bacchus | 14°C | 13-15°C |
| Chardonnay (still) | 16°C | 15-17°C |
| Sparkling base (Chard / PN / Meunier) | 15°C | 14-16°C |
| Rosé | 15°C | 14-16°C |
| Pinot Noir (red) | peak 26°C, punch down twice daily | max 30°C |

If a tank drifts out of range for more than 4 hours tell Imogen. Do not turn the chiller off at night.
Extraction fan on in the tank hall whenever anything is fermenting, see [[co2-procedure]].

#winery #ferment
"""

N["winery/ferment-log-bacchus-2024"] = """Ferment log - Tank T4 - Bacchus (Home Block) 2024

Juice 2,960 L after settling. Inoculated 26/09 pm, yeast VL-3 type, 25 g/hl. Nutrient at 1/3 sugar depletion.
Setpoint on the jacket: 12°C (new for this year, see the Sept winery meeting).

    date    temp   SG      note
    26/09   13.1   1.072   inoculated
    27/09   12.4   1.070   lag
    28/09   12.2   1.064   going
    30/09   12.0   1.051   nutrient added
    03/10   12.1   1.032   nice aromatics
    07/10   12.0   1.014
    11/10   12.3   1.003
    15/10   12.6   0.995   dry-ish, let temp rise
    18/10   14.8   0.993   dry. racked off gross lees 21/10

Fan on the whole time. CO2 monitor went amber twice in the first week, door propped, fine.
- Felix
"""

N["winery/tank-allocation-2024"] = """Tank allocation - vintage 2024 (Imogen, 20 Sept 2024)

    Tank  Cap(L)  Contents 2024                  Vol(L)  Notes
    T1    5000    Chardonnay HB - sparkling base  4300   whole bunch, P3 cycle
    T2    5000    Pinot Noir SB - sparkling base  4650   whole bunch
    T3    3000    Pinot Meunier SB - spk base     2700
    T4    3000    Bacchus HB                      2960   still, screwcap
    T5    3000    Chardonnay HB - still           2500   part in barrel
    T6    2000    Rose (PN saignee)               1400
    T7    5000    Pinot Noir HB - red             4100   open top, punch downs
    T8    2000    spare / blending
    T9    1000    press fractions (tailles)        800
    T10   1000    Bacchus 2023 leftover            640   for the shop BIB? no - bottle with rose

Barrels: 6 x 228 L for Chardonnay (from T5).
"""

N["winery/press-cycles"] = """# Press cycles - Brennkamp PN-18

The press is a Brennkamp PN-18 pneumatic membrane press (1.8 t whole-bunch capacity). Serviced each
September before harvest by the dealer. Programmes we use:

| Programme | Used for | Max pressure | Approx time |
|---|---|---|---|
| P1 | destemmed Bacchus with 4h skin contact | 1.4 bar | 2h 20 |
| P3 | whole bunch sparkling base ("champagne" cycle) | 1.6 bar | 3h 10 |
| P5 | red pomace after ferment | 2.0 bar | 1h 30 |

Fractions on P3: cuvée up to 1.0 bar into the main tank, tailles after that into T9.
Rinse the membrane with cold water after every cycle, full clean with the caustic at the end of each day.
Never open the door under pressure. Door interlock must be tested at the start of every day.

#winery #press
"""

N["winery/so2-additions"] = """date: 2023-09-05

# SO2 additions - standard practice

- **At the press:** 5 g/hl potassium metabisulphite (PMS) into the press tray for whites and sparkling base.
- **After malo (reds) / end of ferment (whites):** adjust to 30 mg/L free SO2.
- **Before bottling:** still whites and rosé to 35 mg/L free, reds to 30 mg/L free.
- **Sparkling base:** keep free SO2 under 15 mg/L before tirage or the second ferment sticks.

Weigh PMS in the lab, dissolve in warm water first, add through the pump-over. Mask + goggles, PMS dust is
nasty. Record every addition in the cellar book (Wine Standards check this).
"""

N["winery/so2-erratum"] = """# ERRATUM - SO2 at the press
date: 2024-09-12

The [[so2-additions]] page says 5 g/hl PMS at the press. That is wrong for us, it was copied from my old
Loire notes. **The correct figure is 3 g/hl** for whole-bunch sparkling base and for Bacchus when the fruit
is clean. Go up to the higher rate only if there is visible rot in the crates.

Everything else on that page stands. I haven't edited the page itself, so please read this one with it.

- Imogen
"""

N["winery/glycol-chiller-service"] = """Glycol chiller - service visit 14 June 2024

Engineer: Coldwell Refrigeration (Stu). Next service due June 2025.

- Refrigerant topped up, no leak found on the pressure test
- Glycol concentration tested at 30 %, ok
- Pump 2 bearing noisy, replace before harvest (quote to follow, approx 420 + VAT)
- Capacity check: unit can hold 4 x 3000 L tanks at the cool white ferment setpoints at once in a normal September.
  In a heatwave, stagger the inoculations.
- Alarm relay tested ok, texts Imogen and Felix

Pump 2 replaced 2 Sept. #winery #chiller #maintenance
"""

N["winery/bottling-run-bacchus-apr-2024"] = """# Bottling run - Bacchus 2023 - 17 April 2024

- Bottler: Bottlewagon mobile line, Chris Dunmore + 1, on site 7:00, first bottle 8:40, done 15:30
- Wine: T4 Bacchus 2023, 4,720 L, sheet filtered then 0.45 micron membrane on the truck
- **Bottles filled: 6,240** (1,040 cases of 6)
- Glass: 75cl Bordeaux flint, screwcap 30x60 (both from Clearline)
- Lot number: L24108
- Free SO2 at bottling 34 mg/L, dissolved O2 0.6 mg/L
- Our crew: Jed and Priya on case packing, Felix on QC

Problems: labeller creased about 120 labels (re-labelled by hand next day). Generator not needed, we ran
off our 3-phase.

Stock into the bonded store same day, see stock sheet. #bottling
"""

N["winery/cold-stability-test-feb-2025"] = """---
date: 2025-02-26
tags: winery, bacchus, stability
---
# Bacchus 2024 (T4) - cold stability

Mini-contact test, -4°C for 48 hours: **FAIL**. Heavy tartrate crystals on the bottom of the sample bottle,
conductivity drop 8 %.

So the Bacchus bottling booked with Bottlewagon for 12 March is postponed. We can't bottle it like this,
customers would get "glass" in the bottle. Options were CMC or chilling the tank; Imogen decided to chill
T4 to -3°C for two weeks and re-test.

Rebooking the bottler, see [[bottling-schedule-2025]].
"""

N["winery/bottling-schedule-2025"] = """Bottling schedule 2025 (last updated 10 March 2025)

| Wine | Date | Bottler | Glass / closure | Notes |
|---|---|---|---|---|
| Bacchus 2024 (T4) | ~~12 Mar~~ **14 May 2025** | Bottlewagon | Harcourt 75cl flint, screwcap | moved after cold stab fail |
| Rosé 2024 (T6) | 14 May 2025 | Bottlewagon | Harcourt 75cl flint, screwcap | same day as Bacchus |
| Chardonnay 2023 (T5 + barrels) | 3 June 2025 | Bottlewagon | Harcourt Burgundy antique green, screwcap | |
| Sparkling base 2024 tirage | 10 June 2025 | in-house, hired tirage filler | Harcourt 835g champagne bottles, crown caps | |

Chris at Bottlewagon confirmed May by email 7 March. Need 3-phase socket cleared in the yard.
"""

N["winery/sparkling-tirage-notes"] = """---
title: Sparkling - tirage and bottle notes
date: 2024-06-20
tags: sparkling
---
Tirage of the 2023 base done 18-19 June 2024 with the hired tirage filler (not the mobile line).

- liqueur de tirage 24 g/L sugar + yeast + riddling aid
- target pressure about 6 bar CO2 in bottle after the second ferment
- crown caps + bidule
- 7,480 bottles laid down in cages in the cellar
- bottling room was hot, second ferment started fast

Remember the pressure in these bottles: goggles when handling the cages, never stack more than 4 cages.
Riddling from autumn 2026, disgorge 2027 at the earliest.
"""
