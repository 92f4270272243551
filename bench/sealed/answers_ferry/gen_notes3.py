N = {}

N["crew/staff-list"] = """---
title: Staff list and contacts
date: 2025-03-01
tags: [staff, contacts]
---

| Name | Role | Mobile | Email |
|---|---|---|---|
| Fiona Rattray | Operations manager | 07700 900101 | fiona@inchmorraferries.example |
| Callum Dunnet | Master (senior) | 07700 900102 | callum@inchmorraferries.example |
| Ishbel Morrow | Master | 07700 900103 | ishbel@inchmorraferries.example |
| Rab Tulloch | Master (relief / Tern) | 07700 900104 | rab@inchmorraferries.example |
| Kenny Skene | Mate | 07700 900105 | kenny@inchmorraferries.example |
| Aileen Marwick | Mate | 07700 900106 | aileen@inchmorraferries.example |
| Jamie Gowans | Deckhand | 07700 900107 | — |
| Priya Nair | Deckhand | 07700 900108 | — |
| Tam Sclater | Deckhand | 07700 900109 | — |
| Lewis Bain | Deckhand (seasonal) | 07700 900110 | — |
| Donnie MacRitchie | Engineer | 07700 900111 | donnie@inchmorraferries.example |
| Morag Leask | Ticket office, Strand | 07700 900112 | strand@inchmorraferries.example |
| Shona Halcrow | Ticket office, Kilvorran | 07700 900113 | kilvorran@inchmorraferries.example |
| Euan Petrie | Bookings clerk | 07700 900114 | bookings@inchmorraferries.example |
| Lorna Baikie | Accountant (3 days) | 07700 900115 | accounts@inchmorraferries.example |

Harbour master (council, not our staff): Capt. Hamish Flett, 07700 900120, harbourmaster@carrickisles.example
Out of hours duty phone: 07700 900199
"""

N["crew/training-coordinator"] = """# Training coordinator
date: 2023-09-18

The training coordinator is **Kenny Skene** (mate).

Kenny:
- keeps the training matrix and certificate expiry dates ([[crew/certificates-matrix]])
- books courses (sea survival, fire fighting, first aid, crowd management) and the travel
- runs induction for new and seasonal crew, with the familiarisation checklist in the [[crew-handbook]]
- makes sure drills are logged and tells the masters if one is overdue

Course requests go to Kenny first, then Fiona signs off the cost.
"""

N["crew/hours-of-rest"] = """---
title: Hours of rest — crew rules
date: 2024-02-12
tags: [crew, rest, compliance]
---

All crew (deck, engine, and Tern crew) must get:
- at least **10 hours of rest in any 24-hour period**, and
- at least **77 hours of rest in any 7-day period**.

Rest can be split into no more than two periods, one of them at least 6 hours long. Not more than 14 hours between rest periods.
Drills are to be done so they disturb rest as little as possible.

Rest sheets: one per person per week, signed by the master, to Fiona **weekly**. They are kept for the surveyor (two years).
If you're asked to cover a shift that would break the rule, say no and phone Fiona. Nobody gets in trouble for that.

Rota planning: the Saturday late boat crew must not do the Sunday first boat.
"""

N["crew/rota-summer-2025"] = """Summer rota 2025 — July (standard week). Typed from the whiteboard, Callum

VESSEL        ROLE      MON-FRI             SAT                 SUN
Glen Carrick  Master    Callum Dunnet       Ishbel Morrow       Ishbel Morrow
Glen Carrick  Mate      Aileen Marwick      Kenny Skene         Kenny Skene
Glen Carrick  Deck      Jamie / Lewis       Priya / Tam         Priya / Lewis
Morra Lass    Master    Ishbel Morrow (F)   Callum Dunnet       -
Morra Lass    Mate      Kenny Skene (F)     Aileen Marwick      -
Morra Lass    Deck      Tam (F)             Jamie               -
Tern          Skipper   Kenny Skene (W-F)   Rab Tulloch         Rab Tulloch
Tern          Crew      Lewis (W-F)         Tam                 Jamie
Engineer      on call   Donnie              Donnie              Donnie (phone)

(F) = Fridays only, Morra Lass relief sailings
Rest: check against 10 in 24 / 77 in 7 before swapping anything. Swaps through Callum.
"""

N["crew/rota-feb-mar-2025"] = """Rota during dry dock 3–16 March 2025 (Glen Carrick only)

Week 1 | Master | Callum Dunnet | Mate | Aileen Marwick | Deck | Jamie, Priya
Week 2 | Master | Ishbel Morrow | Mate | Aileen Marwick | Deck | Tam, Priya
Delivery trip to Annat Point 2 Mar | Master | Rab Tulloch | Mate | Kenny Skene | Eng | Donnie MacRitchie
Return trip from Annat Point 16 Mar | Master | Rab Tulloch | Mate | Kenny Skene | Eng | Donnie MacRitchie

Donnie at the yard 3-5 March, then back for Glen Carrick. Lewis starts on the 17th.
"""

N["crew/certificates-matrix"] = """# Certificates matrix (crew)
_last updated Jan 2025 — Kenny_

| Name | Sea survival | Fire fighting | First aid | Crowd mgmt | Boatmaster / CoC | Expires next |
|---|---|---|---|---|---|---|
| Callum Dunnet | ok | ok | 2026-05 | ok | Master CoC | First aid May 2026 |
| Ishbel Morrow | ok | ok | ok | ok | Master CoC | CoC Aug 2027 |
| Rab Tulloch | ok | 2025-06 | ok | ok | Master CoC | Fire Jun 2025 |
| Kenny Skene | ok | ok | ok | ok | Mate CoC + boatmaster | — |
| Aileen Marwick | ok | ok | 2025-04 | ok | Mate CoC | First aid Apr 2025 |
| Jamie Gowans | ok | ok | ok | 2025-09 | — | Crowd Sep 2025 |
| Priya Nair | ok | ok | ok | ok | — | — |
| Tam Sclater | 2025-05 | ok | ok | ok | — | Sea survival May 2025 |
| Donnie MacRitchie | ok | ok | ok | n/a | Engineer CoC | — |

Lewis Bain — needs all four before he can be counted in the crew numbers. Booked for March.
"""

N["safety/weather-limits-2023"] = """---
title: Weather and tide limits
date: 2023-04-10
tags: [safety, weather, cancellations]
---

Masters have the final say. These are the limits above which we do not sail, whatever the pressure from the office.

**Ferries (Glen Carrick, Morra Lass)**
- Sustained wind over **35 knots** on the crossing, or gusts over 45 knots at the Strand berth.
- Visibility under 0.25 nm without radar working.
- Kilvorran Slip: Glen Carrick does not load vehicles when the tide is below 0.6 m.

**Tern (launch)**
- No sailing with sustained wind over **25 knots** or swell at Sealholm over 1.5 m.
- Daylight only.

Cancellations: master phones the duty phone, office sends the text alert and updates the website. Log every cancellation with the reason.
"""

N["safety/tern-operating-limits-2025"] = """## 6 May 2025 — Tern operating limits

Tern, Kilvorran – Sealholm.
- Maximum wind: 20 knots sustained (Kilvorran weather station). Skipper can stop earlier.
- Swell at Sealholm jetty: 1.0 m max.
- Daylight only, and not in visibility below 1 nm.
- Max 12 passengers + 2 crew. Lifejackets worn by everyone on the open deck when wind above 15 knots.
- Skipper phones Kilvorran office before every departure from Sealholm.

Signed off: Fiona Rattray / Rab Tulloch
"""

N["safety/procedure-animals-on-board"] = """# Procedure: animals on board
date: 2022-05-03

1. Dogs and other pets travel on the **vehicle deck only** — in the owner's vehicle or, for foot passengers, on a lead in the pen at the forward end of the car deck.
2. Animals are **not permitted in the passenger saloon** or any enclosed passenger space.
3. Assistance dogs are exempt and may go anywhere with their owner.
4. Livestock only in trailers, booked in advance, Glen Carrick only.
5. Crew: if a passenger refuses, call the master. Don't argue on the stairs.

#procedure #animals
"""

N["safety/drill-procedure-mob"] = """---
title: Man overboard drill — procedure
date: 2024-01-08
tags: [drills, MOB, safety]
---

Frequency: **monthly** on each ferry, and at the start of the season on the Tern. Fire and abandon ship drills on the same monthly cycle, alternating.

1. Master announces the drill (not during boarding). Use "Oscar" the dummy — kept in the aft locker on both boats.
2. Shout "man overboard port/starboard", throw the lifebuoy with light and smoke, point and keep pointing.
3. Press MOB on the plotter. Master turns (Williamson turn on Glen Carrick, short round turn on Morra Lass).
4. Rescue boat crew kit up; recovery with the recovery net from the car deck.
5. Coastguard: tell Carrick Coastguard on ch 16 that it is an exercise **before** you start.
6. Log it in the drill log same day: time to recovery, who took part, what went wrong.

Drill lead takes the debrief. New crew must do one within two weeks of starting.
"""

N["safety/drill-log-2025"] = """# Drill log 2025

| Date | Vessel | Drill | Led by | Time / notes |
|---|---|---|---|---|
| 09/01/2025 | Glen Carrick | Fire (engine room) | Callum Dunnet | 4 min to boundary cooling |
| 14/01/2025 | Glen Carrick | Man overboard | Ishbel Morrow | Oscar recovered 6 min 40 s, net tangled |
| 22/01/2025 | Morra Lass | Abandon ship | Callum Dunnet | muster in 3 min, 1 LJ strap broken |
| 06/02/2025 | Glen Carrick | Abandon ship | Ishbel Morrow | |
| 13/02/2025 | Morra Lass | Man overboard | Aileen Marwick | 5 min 55 s |
| 20/02/2025 | Glen Carrick | Fire (galley) | Aileen Marwick | |
| 19/03/2025 | Morra Lass | Fire | Ishbel Morrow | first drill after dry dock |
| 25/03/2025 | Glen Carrick | Man overboard | Callum Dunnet | Lewis first drill, 5 min 10 s |
"""

N["safety/liferaft-register"] = """Liferaft register — all vessels (Safewater service cycle)

Vessel | Position | Capacity | Serial | Last serviced | Next due
Glen Carrick | Port fwd | 100 | SW-31190 | 21/06/2024 | 30/06/2025
Glen Carrick | Stbd fwd | 100 | SW-31191 | 21/06/2024 | 30/06/2025
Glen Carrick | Aft | 50 | SW-40277 | 21/06/2024 | 30/06/2025
Morra Lass | Port | 65 | SW-28856 | 12/01/2025 | 31/01/2026
Morra Lass | Stbd | 65 | SW-44817 | 18/09/2024 | 30/09/2025
Tern | Cabin top | 12 | SW-50102 | 02/05/2024 | 31/05/2025

Rafts go to Safewater by van from Strand; swap with hire rafts so the boat can keep sailing.
"""

N["safety/lifejacket-count-2025"] = """Lifejacket count — March 2025 (after the Glen Carrick shortfall last autumn)
counted by Ishbel & Priya

Glen Carrick   adult 236  child 24  infant 6
Morra Lass     adult 150  child 15  infant 4
Tern           adult  16  child  4  infant 0
Spares Strand  adult  10  child  5

Total adult: 412

Glen Carrick now matches her certificate again. 9 adult jackets sent to Safewater for service (lights), 2 condemned (broken straps). #lifejackets
"""

N["safety/spare-lifejackets-strand"] = """spare lifejackets at Strand = grey container beside the workshop, key on the hook in the ticket office. sign out on the sheet on the door #lifejackets
"""

N["safety/kilvorran-slip-low-water"] = """# Kilvorran Slip — low-water restriction
Date: 20 December 2024

Why: the December storm opened up a scour hole at the toe of the Kilvorran Slip. At low water springs the Glen Carrick's bow ramp would land past the end of the concrete onto the gravel, and the first two cars ground their exhausts / tow bars on the lip. Two cars damaged on 16 Dec.

Restriction until the council repairs the slip:
- No vehicle loading or unloading at Kilvorran Slip when the tide is below **0.8 m** (was 0.6 m).
- Foot passengers OK but crew to help anyone with a wheelchair, buggy or walking aid — the gangway angle is steep.
- Coaches: none within 1.5 h either side of low water springs.

Council roads engineer informed (via Graham Yule). Council say the repair needs a low-tide window and a contractor, "spring or summer".
"""
