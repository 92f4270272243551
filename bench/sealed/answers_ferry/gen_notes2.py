N = {}

N["timetables/summer-timetable-2025"] = """---
title: Summer timetable 2025 (Strand – Kilvorran)
date: 2024-12-02
tags: [timetable, summer]
---

Valid 1 April – 30 September 2025. Crossing time 25 minutes. All sailings subject to weather and, at Kilvorran, to tide (see [[safety/weather-limits-2023]]).

### Monday – Friday
| Dep Strand | Dep Kilvorran |
|---|---|
| 07:15 | 07:50 |
| 09:00 | 09:40 |
| 10:45 | 11:20 |
| 12:30 | 13:10 |
| 14:10 | 14:50 |
| 16:00 | 16:40 |
| 17:45 | 18:20 |
| 19:20 | 20:00 |

### Saturday
First sailing 07:45 from Strand (Kilvorran 08:20), then as Monday–Friday from 09:00.

### Sunday
| Dep Strand | Dep Kilvorran |
|---|---|
| 09:00 | 09:40 |
| 10:45 | 11:20 |
| 12:30 | 13:10 |
| 14:10 | 14:50 |
| 16:00 | 16:40 |
| 17:45 | 18:20 |

Second vessel (Morra Lass) runs the relief/extra sailings on Fridays and Saturdays in July and August as required.
Tern (Sealholm launch): see [[timetables/tern-sealholm-route]].
"""

N["timetables/summer-timetable-2025-v2"] = """---
title: Summer timetable 2025 v2
date: 2025-02-03
tags: [timetable, summer]
---

**v2 — issued 3 Feb 2025 after the January ops meeting.** Only change from the December version: Sunday first sailing is earlier, to meet the hospital appointments bus at Strand.

Valid 1 April – 30 September 2025. Crossing time 25 min. Subject to weather and tide.

Monday – Friday: unchanged — Strand 07:15, 09:00, 10:45, 12:30, 14:10, 16:00, 17:45, 19:20; Kilvorran 07:50, 09:40, 11:20, 13:10, 14:50, 16:40, 18:20, 20:00.

Saturday: unchanged — first 07:45 from Strand, then as weekdays.

Sunday:
| Dep Strand | Dep Kilvorran |
|---|---|
| **08:30** | **09:05** |
| 10:45 | 11:20 |
| 12:30 | 13:10 |
| 14:10 | 14:50 |
| 16:00 | 16:40 |
| 17:45 | 18:20 |

(first Sunday boat was 09:00 in the December issue)

Crew for the Sunday first boat must not be the Saturday 19:20 crew — see [[crew/hours-of-rest]].
"""

N["timetables/winter-timetable-2024-25"] = """Winter timetable 2024/25
1 October 2024 – 31 March 2025
one vessel in service (Glen Carrick), Morra Lass standby

Day          Dep Strand                          Dep Kilvorran
Mon-Fri      07:15 09:45 12:15 14:10 16:30       07:50 10:20 12:50 14:45 17:05
Saturday     08:00 10:30 13:00 15:30             08:35 11:05 13:35 16:05
Sunday       10:00 13:00 15:30                   10:35 13:35 16:05

All sailings weather permitting. Vehicles may be refused at Kilvorran Slip around low water springs.
Check the text alert service before travelling. #timetable #winter
"""

N["timetables/drydock-relief-timetable-march-2025"] = """# Relief timetable — Morra Lass at dry dock
## 3 March – 16 March 2025

Glen Carrick only. Morra Lass at Annat Point Ship Repairs for her docking ([[vessels/morra-lass-drydock-2025]]).
No standby vessel during this period — if Glen Carrick breaks down there is no service. Tell the council (Graham Yule) before the 3rd.

Mon–Sat: Strand 07:15 / 09:45 / 12:15 / 14:10 / 16:30 — Kilvorran 07:50 / 10:20 / 12:50 / 14:45 / 17:05
Sun: Strand 10:00 / 13:00 / 15:30 — Kilvorran 10:35 / 13:35 / 16:05

Vehicle bookings essential. Heatherbell Coaches told no coach bookings in this fortnight.
"""

N["timetables/tern-sealholm-route"] = """Tern — Kilvorran to Sealholm (summer only)

June to September. 3 return trips a day, Wed–Sun. Mon/Tue no service (Tern maintenance / crew days off).

Kilvorran dep 10:00, 13:00, 16:00
Sealholm dep 10:40, 13:40, 16:40

Foot passengers only, max 12, bikes on request. Book at the Kilvorran ticket office or pay the skipper (cash/card).
Weather: skipper's call, see the operating limits page. Landing at Sealholm is on the old stone jetty — see [[sealholm-pier-survey]].

#tern #sealholm
"""

N["timetables/agricultural-show-extra-sailings"] = """---
title: Inchmorra Agricultural Show — extra sailings
date: 2025-04-28
tags: [timetable, events]
---

Inchmorra Agricultural Show is on **Saturday 9 August 2025** at Kilvorran park.

Both ferries in service all day. Extra sailings:
- Strand 06:45 (livestock trailers and exhibitors only, booked)
- Strand 08:10, Kilvorran 08:45 extra
- Kilvorran 21:00 late return

Livestock trailers: booking through Euan only, no turn-up-and-go. Max 4 trailers per sailing on Glen Carrick, 2 on Morra Lass.
Heatherbell Coaches have 3 coaches booked on the 08:10 and back on the 18:20.
Tern does not run to Sealholm that day — she's doing the harbour trips for the show.
"""

N["tickets/fares-2025"] = """# Fares 2025
date: 2024-11-20

From 1 January 2025. Approved by the board, prices include VAT where it applies.

| Ticket | Single | Return |
|---|---|---|
| Adult | £5.10 | £9.40 |
| Child (5–15) | £2.55 | £4.70 |
| Under 5 | free | free |
| Car / van up to 5 m | £21.50 | £39.00 |
| Vehicle over 5 m (per m) | £5.20 | — |
| Motorbike | £10.50 | £19.00 |
| Bicycle | free | free |
| Dog | free | free |
| Coach | £64.00 | £118.00 |

Island resident books of 10 singles: adult £32, car £150. Season tickets: see [[tickets/season-tickets]].
Tern (Sealholm): adult £6 return, child £3 return.
"""

N["tickets/fares-2025-erratum"] = """Erratum — Fares 2025 sheet
2 December 2024

The fares sheet sent round on 20 Nov has the **adult return wrong**. It should read **£9.80**, as approved by the board on 18 Nov. (The figure printed was last year's.) Adult single £5.10 is correct. Child return unchanged.

Ticket offices: please correct the printed sheets by hand, the website has been fixed. — Lorna
"""

N["tickets/season-tickets"] = """Season tickets — islanders and regular commuters. Adult annual £310, child £155, car annual £1,150. Renew from 1 December. Photo card required, from Morag at Strand. #tickets
"""

N["tickets/group-bookings-policy"] = """---
title: Group bookings policy
date: 2023-03-01
tags: [bookings, groups, coaches]
---

Applies to groups of **20 or more** foot passengers travelling together, or any coach party.

- Must be booked at least 7 days ahead through the bookings clerk (Euan Petrie, bookings@inchmorraferries.example).
- Group discount: **10%** off the adult and child fares. The coach vehicle fare itself is not discounted.
- A coach counts as 3 car spaces on Glen Carrick; coaches cannot go on Morra Lass when the ramp is steep at Kilvorran (low water springs), Euan checks tides when booking.
- Cancellation: 48 hours' notice or the deposit (25%) is kept.
- Invoice monthly to regular coach operators (Heatherbell Coaches).
"""

N["tickets/group-rate-2025-memo"] = """From: Lorna Baikie
To: Euan Petrie; Fiona Rattray; Morag Leask; Shona Halcrow
Date: 14 March 2025
Subject: group rate from April

Hi all,
From 1 April 2025 the group discount goes up to 15% (was 10%) for groups of 20+. Board agreed it last week — Heatherbell were talking to the other ferry about their tours and we'd rather keep them. Everything else in the group policy stays the same (7 days notice, 48h cancellation).
Euan can you update the booking form and let Derek at Heatherbell know.
Thanks, Lorna
"""

N["tickets/heatherbell-bookings-2025"] = """Heatherbell Coaches bookings 2025 (pasted from the booking sheet export)

```
date,sailing_out,sailing_back,coaches,passengers,status
2025-04-19,10:45,16:40,1,38,confirmed
2025-05-03,09:00,16:40,1,41,confirmed
2025-05-24,10:45,18:20,2,77,confirmed
2025-06-14,09:00,16:40,1,35,provisional
2025-07-05,09:00,18:20,2,80,confirmed
2025-07-19,10:45,16:40,1,40,confirmed
2025-08-09,08:10,18:20,3,112,confirmed
2025-09-06,10:45,16:40,1,29,provisional
```

Contact Derek Mowat, Heatherbell Coaches, 07700 900184, derek@heatherbellcoaches.example
"""

N["tickets/vehicle-booking-rules"] = """# Vehicle bookings — rules for the ticket offices

- Bookings open 8 weeks ahead. Online or phone (Euan) or at either office.
- Keep 3 spaces per sailing for islanders' turn-up-and-go until 30 min before departure.
- Max vehicle length: 12 m on Glen Carrick, 10 m on Morra Lass. Max height 4.2 m (Glen Carrick), 3.8 m (Morra Lass).
- Deck capacity: Morra Lass 14 cars. Glen Carrick see [[vessels/glen-carrick-particulars]].
- Hazardous goods (gas bottles over 2, fuel cans) need the master's OK before booking.
- Livestock trailers: Glen Carrick only, and only on the car deck aft section.
- No vehicle loading at Kilvorran Slip below the low-water limit — check the tide table and [[safety/kilvorran-slip-low-water]].
"""

N["tickets/passenger-faq"] = """---
title: Passenger FAQ (website copy)
tags: [faq, accessibility, website]
---

**Can I take my dog?** Yes, dogs travel free. Please see the animals rules on board — staff will direct you. Assistance dogs are welcome in all passenger areas.

**Is the ferry wheelchair accessible?** Glen Carrick has level access from the car deck to the lounge by a ramp and an accessible toilet. Morra Lass has a wheelchair space on the main deck but no accessible toilet. At Kilvorran Slip the ramp can be steep at low water — call the office and we will plan your crossing.

**Do I need to book?** Foot passengers no. Vehicles yes in summer.

**What happens if the boat is cancelled?** Sign up for text alerts. Full refund or change free of charge, see [[tickets/refunds-and-cancellations]].

**Can I go to Sealholm?** Summer only, on the Tern from Kilvorran. Not suitable for wheelchairs (steps at Sealholm jetty).

**Are there lifejackets?** Yes, for every passenger. Crew will show you where at the safety announcement.
"""

N["tickets/refunds-and-cancellations"] = """Refunds & cancellations (updated Oct 2024)

If WE cancel (weather, tide, breakdown): full refund, or move to another sailing free. No admin fee. Vehicle bookings moved automatically to the next sailing with space and the customer texted.
If YOU cancel: vehicle bookings - free up to 24h before, after that £5 fee. Foot passenger tickets are refundable within 3 months.
Season tickets - no refunds for weather days.
Text alerts: sign up at either office or online, Euan runs the list.

#tickets #cancellations
"""
