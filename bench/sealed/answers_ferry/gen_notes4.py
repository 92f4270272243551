N = {}

N["vessels/glen-carrick-particulars"] = """---
title: MV Glen Carrick — particulars
date: 2021-06-30
tags: [vessel, glen-carrick]
---

- Built 1998, Clydeside yard, bought from the mainland council 2016
- Length 34.2 m, beam 10.1 m, draught 1.9 m
- Main engines: 2 × **Kestrel KM-450** (450 kW each), twin screw, bow thruster
- Generators: 2 × 60 kVA
- Passenger certificate: 200 passengers + 6 crew (summer), 150 in winter
- Vehicle deck: **22 cars**, or 3 coaches + 10 cars. Max axle load 11 t
- Bow and stern ramps, hydraulic
- Lounge: forward lounge (main) and aft lounge, accessible toilet on the main deck, ramp from car deck
- Liferafts: see [[safety/liferaft-register]]
- Insurance: see [[fleet-insurance-schedule]]
"""

N["vessels/glen-carrick-stability-2025"] = """# Glen Carrick — new stability booklet
10 February 2025

The new stability booklet after last autumn's inclining experiment has been approved by the Marine Survey Office (Alan Voe).

**This supersedes the deck limit in [[vessels/glen-carrick-particulars]] (22 cars).**
The vehicle deck limit is now **20 cars**, or 2 coaches + 10 cars. Reason: the lightship weight has crept up over the years (extra paint, the bigger bow thruster, the lounge refit).

Passenger numbers unchanged.
Ticket offices and Euan: booking system capacity for Glen Carrick changed to 20 from today. Sent to Gemma at Tidewell for the insurance renewal.
"""

N["vessels/morra-lass-particulars"] = """MV Morra Lass

built 1987, 28.5 m, 2 x Halden 6L main engines, single bow ramp
passenger cert 120 + 4 crew
car deck 14 cars, no coaches when low water at Kilvorran
one saloon on main deck, wheelchair space by the port door, no accessible toilet (stairs to the toilets)
standby vessel in winter, second ship Fri/Sat in summer
dry dock due 2025 ([[vessels/morra-lass-drydock-2025]])
"""

N["vessels/tern-launch"] = """# Tern (launch)

- 9.8 m GRP launch, built 2009, single Halden 4M inboard diesel
- Licensed for **12 passengers** + 2 crew, category C waters, daylight only
- Summer route Kilvorran – Sealholm, June–September ([[timetables/tern-sealholm-route]])
- Laid up at the Strand workshop October–May; winter engine service by Donnie
- One 12-person liferaft on the cabin top, 16 adult lifejackets + 4 child
- Skippers: Rab Tulloch, Kenny Skene (both hold the boatmaster licence)
"""

N["vessels/fuel-log-2024"] = """Fuel use 2024 — from Lorna's spreadsheet (litres delivered by vessel, paid price per litre)

month,vessel,litres,price_p_per_litre,cost_gbp
2024-01,Glen Carrick,14820,86.4,12804.48
2024-01,Morra Lass,1210,86.4,1045.44
2024-02,Glen Carrick,13990,86.9,12157.31
2024-03,Glen Carrick,15310,87.5,13396.25
2024-04,Glen Carrick,18640,88.1,16421.84
2024-04,Morra Lass,2950,88.1,2598.95
2024-05,Glen Carrick,19870,88.6,17604.82
2024-05,Morra Lass,4420,88.6,3916.12
2024-06,Glen Carrick,21030,89.0,18716.70
2024-06,Morra Lass,6180,89.0,5500.20
2024-06,Tern,2260,89.0,2011.40
2024-07,Glen Carrick,22410,89.8,20124.18
2024-07,Morra Lass,7350,89.8,6600.30
2024-07,Tern,2980,89.8,2676.04
2024-08,Glen Carrick,22960,90.4,20755.84
2024-08,Morra Lass,7710,90.4,6969.84
2024-08,Tern,3140,90.4,2838.56
2024-09,Glen Carrick,20150,91.2,18376.80
2024-09,Morra Lass,5020,91.2,4578.24
2024-09,Tern,1870,91.2,1705.44

Oct–Dec in the 2024 Q4 tab. Tern fuelled from cans at Kilvorran in June before the tank was fixed, so June figure is an estimate.
"""

N["vessels/morra-lass-drydock-2025"] = """---
title: Morra Lass dry dock 2025
date: 2025-01-10
tags: [drydock, morra-lass, maintenance]
---

**Yard:** Annat Point Ship Repairs ([[suppliers/annat-point-contacts]])
**Slot:** in the dock from **3 March 2025**, 12 working days, out 14 March, back in service 17 March after sea trials and the delivery trip.
Delivery trip 2 March (Rab, Kenny, Donnie).

Work list:
1. Hull blast and paint below waterline, anodes
2. Stern tube seal (weeping since last summer) — new seal kit ordered by the yard
3. All bow ramp hydraulic hoses replaced (after the 3 Nov failure, [[incidents/2024-11-03-ramp-failure]])
4. Propeller polish, check rudder bearings
5. Sea valves opened for the surveyor
6. Liferaft cradle renew (port)

Quote: see [[suppliers/annat-point-quote-2025]].
Relief timetable: [[timetables/drydock-relief-timetable-march-2025]].
"""

N["vessels/glen-carrick-survey-2025"] = """Glen Carrick annual survey 2025

Passenger certificate expires **17 June 2025**.
Survey booked with Alan Voe (Marine Survey Office) for **28 May 2025**, at Strand, alongside after the last sailing + the next morning.

He'll want to see:
- drill records for the last 12 months (MOB, fire, abandon ship) — from the drill log
- hours of rest sheets for 3 months
- lifejacket count against the certificate (we were short last autumn, sorted now)
- liferaft certs — the 3 rafts are due end of June, get them done BEFORE the survey
- the new stability booklet
He may want to see a drill on the day, probably abandon ship.

Alan: 07700 900266, alan.voe@marinesurvey.example
"""

N["vessels/engine-service-km450"] = """kestrel km-450 service notes - donnie

oil + filters every 500h. fuel filters 1000h (or sooner if we get dirty fuel again!!)
valve clearances 2000h
12,000h top end - port done nov 2024 in workshop (2 wkends). stbd due approx sept 2025
coolant alarm set 92C, shutdown 98C
turbo - stbd one whistles, keep an eye
parts from the Kestrel agent in glasgow, 3 day lead time, account no. in the parts book
spare injector set in workshop cabinet 2

tern engine (halden 4m) separate sheet
"""

N["suppliers/northsound-fuels-contract"] = """# Northsound Fuels — marine gas oil contract
date: 2023-02-01

Supplier: Northsound Fuels Ltd
Contact: Bryony Kerr, 07700 900318, orders@northsoundfuels.example
Term: 1 Feb 2023 – 31 Jan 2025

- Price: their published weekly price less 2p/litre
- Delivery by road tanker at **Strand only**, minimum drop 4,000 litres, 48 hours' notice
- Payment 30 days
- Morra Lass and Tern bunker at Strand; Tern from cans at Kilvorran if needed

Orders: Donnie phones Bryony, Lorna gets the invoice.
"""

N["suppliers/fuel-switch-brindle"] = """---------- Forwarded message ---------
From: Lorna Baikie <accounts@inchmorraferries.example>
Date: Thu, 16 Jan 2025 at 11:02
Subject: Fwd: Marine gas oil supply from 1 February
To: Fiona Rattray <fiona@inchmorraferries.example>, Donnie MacRitchie <donnie@inchmorraferries.example>

Fiona, Donnie — signed. This supersedes the Northsound arrangement from 1 Feb 2025. Can you let Bryony know as a courtesy, Donnie. L

> From: Mhairi Dalgarno <mhairi@brindlemarineoils.example>
> Date: Wed, 15 Jan 2025
> Subject: Marine gas oil supply from 1 February
>
> Dear Lorna,
> Further to our conversation, Brindle Marine Oils are pleased to confirm supply of marine gas oil to Inchmorra Ferry Company from 1 February 2025:
> - Fixed price 84.6p per litre to 31 July 2025, then reviewed quarterly
> - Delivery by tanker at Strand and at Kilvorran Slip, minimum 3,000 litres, 24 hours' notice
> - 30 days payment
> Orders to orders@brindlemarineoils.example or 07700 900427.
> Kind regards, Mhairi Dalgarno, Account Manager
"""

N["suppliers/annat-point-contacts"] = """Annat Point Ship Repairs

Yard manager: Stevie Rendall — 07700 900561 — stevie@annatpointrepairs.example
Docking office: 07700 900562 (ask for Carol)
Stores: 07700 900563

Dock takes up to 45 m / 400 t, so both ferries fit. Tern can go on their boat hoist.
They want 8 weeks notice for a docking slot and the work list 4 weeks before.
Crew can stay in the yard bunkhouse, £25/night.
"""

N["suppliers/annat-point-quote-2025"] = """# Quote — Annat Point Ship Repairs — MV Morra Lass docking March 2025
Received 20 Dec 2024 (ref APSR/24/188)

| Item | £ |
|---|---|
| Docking and undocking, 12 days in dock | 9,600 |
| Hull blast & paint below WL, anodes | 17,400 |
| Stern tube seal renew (parts + labour) | 8,950 |
| Bow ramp hydraulic hoses (all), test | 6,200 |
| Propeller polish, rudder bearing check | 2,300 |
| Sea valves open for survey | 2,850 |
| Port liferaft cradle | 1,450 |
| **Total (ex VAT)** | **48,750** |

Extras at day rates. 30% deposit on docking.
"""

N["suppliers/safewater-servicing"] = """---
title: Safewater Servicing Ltd
tags: [supplier, lifejackets, liferafts]
---

Servicing of liferafts and lifejackets (annual), hydrostatic releases (every 2 years), lifebuoy lights.

Contact: Marie Cowie, service manager, 07700 900632, marie@safewaterservicing.example

- Liferafts: we drop at their van stop at Strand; they leave hire rafts so the boat can sail. 5 working days.
- Lifejackets: annual service, they come to Strand and do them in the workshop, about a day per 150 jackets.
- 2025 price: raft service £410 each (12–65p), £520 (100p); lifejacket service £9.50 each.
- Next visit: June 2025 for the Glen Carrick rafts (before the survey).
"""

N["suppliers/insurance-tidewell"] = """Insurance — Tidewell Insurance Brokers
date: 2024-04-02

Broker: Gemma Lorimer, Tidewell Insurance Brokers, 07700 900718, gemma.lorimer@tidewell.example
Renewal date 1 April each year.
Covers placed: hull & machinery (all three vessels), P&I, employers' liability, ticket offices and workshop contents. Schedule: [[fleet-insurance-schedule]].
Claims: phone Gemma first, then the claim form. Photos of any damage the same day.
Excess H&M £5,000 per claim.
"""
