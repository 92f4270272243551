N = {}

N["meetings/2024-09-management-minutes"] = """---
title: Management meeting minutes - September 2024
date: 2024-09-12
tags: [minutes, management]
---
# Management meeting, 12 September 2024, site office

**Present:** Harriet Vossberg (Director, chair), Dr Annis Pellow (Curator), Declan Mabry (Head Keeper), Rhiannon Stabb (Education Officer), Gino Farrant (Café Manager), Maud Ellingham (Volunteer Coordinator), Barry Culshaw (Maintenance)
**Apologies:** none

**1. Minutes of the July meeting** - approved without changes.

**2. Visitor numbers, August** - 11,482 paid admissions, up 6% on August 2023. Bank holiday Monday was the busiest day of the year so far (1,904 through the gate). Car park B overflowed twice; Barry to look at the grass overflow field.

**3. Red panda transfer** - AP reported that Hollins Wood Wildlife Park have confirmed the male, Tashi, is cleared to travel. Their own vet did the pre-transfer health check on 3 September; paperwork received from their registrar. Travel date confirmed for Tuesday 17 September, transport crate on loan from Hollins Wood. Tashi will do 30 days in the off-show quarantine house (Q2) before meeting our female, Mei. Full details in [[animals/red-panda-transfer-plan]].

**4. Petting barn incident, 24 August** - HV summarised [[incidents/petting-barn-bite]]. A child was bitten by one of the pygmy goats when the family fed it from their own bag of crisps. Discussion about signage and about having a volunteer on the rail at weekends. Actions: Ollie Brannagh to draft new signs; Maud Ellingham to add a rail steward to the weekend volunteer rota. Insurer has been notified.

**5. Café** - the coffee machine lease runs out in November. Gino to get three quotes. Gino also asked for a second chest freezer for ice lollies; deferred to the budget.

**6. Insurance** - policy renews 1 January. HV meeting the broker, Alan Fearnside, in October. The bite will need declaring.

**7. Maintenance** - aviary netting repair in the north-west corner: Barry estimates two days' work, will do it on a closed Monday. The otter pond pump is noisy again (see [[animals/otter-pond-pump]]).

**8. Education** - RS: autumn term school bookings stand at 31 groups so far, which is ahead of last year. Trentside Coaches have asked whether we can take coaches in car park A in future; agreed, with a cone-off bay.

**9. Volunteers** - 19 active volunteers, two new starters in induction. Maud reminded everyone that volunteers must not be left in charge of the petting barn alone.

**10. AOB** - staff Christmas do: Friday 13 December, Gino organising. HV thanked everyone for the summer.

Next meeting: Thursday 14 November, 14:00.
"""

N["meetings/2024-11-management-minutes"] = """---
title: Management meeting minutes - November 2024
date: 2024-11-14
tags: [minutes, management]
---
# Management meeting, 14 November 2024

Present: HV (chair), AP, DM, RS, GF, ME, BC. Minutes: Rhiannon Stabb.

1. **Minutes of 12 September** approved. Matters arising: coffee machine quotes - see item 6.

2. **Visitor numbers, October** - 6,210 paid. October half-term better than forecast thanks to the pumpkin trail. Annual pass sales 142 for the month.

3. **Otter service corridor near miss (8 October)** - DM went through [[incidents/otter-corridor-near-miss]]. Priya Oduya was shut in the otter service corridor for about forty minutes when the door closed behind her; the inside release handle had not been refitted after painting and her radio was flat. She is fine and back at work. Long discussion. **Agreed: with immediate effect, two keepers at all times for any entry to the otter service corridor - one goes in, one stays at the outer door. The previous arrangement allowing a single keeper in with a radio is withdrawn.** Barry confirmed the handle was refitted on 10 October and he will add a hold-open hook. DM to update the procedure page and brief the section.

4. **Red panda** - Tashi came out of quarantine on 17 October and has been on show since 21 October. Introductions to Mei going well, some chasing, no injuries. Eating well. AP to send the 30-day report to Hollins Wood.

5. **Licence inspection, 30 October** - Lorraine Tebbutt (Ashvale District Council) and the appointed inspector visited. Verbal feedback positive overall. One finding expected about the stand-off barrier at the lemur walk-through. Written report awaited; see [[compliance/inspection-report-2024]].

6. **Café** - coffee machine: three quotes in, Gino recommends the lease from Bean & Boiler at £96 a month. Agreed. Café mince pies from 1 December.

7. **Pest control** - Sentinel's visit on 4 November found rat activity behind the food prep kitchen, around the bin store. Nadia Rusk recommends 4 extra bait stations along the kitchen's back wall and moving to a monthly check instead of quarterly. **Agreed, both.** Barry to move the bins five metres away from the building and fix the gap under the kitchen back door. DM to remind keepers not to leave produce crates outside overnight.

8. **Gift shop** - Christmas stock is in. Plush red pandas selling faster than expected; reorder placed.

9. **Escape drills** - October drill results in [[incidents/drill-results-2024-10]]. Muster took longer than our target. Café staff were not on site as the drill was before opening. HV asked whether the timing should change; to come back in January.

10. **Volunteers** - ME: 21 active. Christmas thank-you evening on 10 December. 

11. **Keeper-for-a-day** - Kezia reports 38 experiences sold this year. Gift vouchers for Christmas on sale.

12. **AOB** - Barry's van MOT due. GF asked that keepers use the staff door, not the café, when muddy.

Next meeting: 16 January 2025.
"""

N["meetings/2025-01-management-minutes"] = """---
title: Management meeting minutes - January 2025
date: 2025-01-16
tags: [minutes, management]
---
# Management meeting - 16 January 2025

Present: Harriet Vossberg (chair), Annis Pellow, Declan Mabry, Rhiannon Stabb, Gino Farrant, Maud Ellingham, Barry Culshaw

1. Minutes of 14 November approved.

2. December / early January figures: December 3,940 paid (Santa weekends 1,210 of those). January to date quiet as usual; closed Mondays and Tuesdays until half-term.

3. Reptile house power cut (2 December) - see [[incidents/reptile-house-power-cut]]. Craig Pettifer's invoice paid. The gutter over the reptile house has now been replaced (Barry, 9 January). Dr Quennell checked all the reptiles on 3 December, no lasting harm. AP has issued a correction to the night temperatures sheet, see [[animals/reptile-temps-erratum]]. Action: DM to write a heat lamp failure checklist - [[procedures/heat-lamp-failure-checklist]].

4. Licence - action plan. Work to raise the stand-off barrier at the lemur walk exit to 1.1 m is booked for 20 January, inside the 31 January deadline. Photos to go to Lorraine Tebbutt once done. See [[compliance/action-plan]].

5. Ticket prices 2025 - the new price list was approved and takes effect on 1 March; see [[visitors/ticket-prices-v2]]. RS asked for the website to change on 15 February to give notice.

6. Produce - DM reported that we moved fruit and veg supply to a new company from 6 January after repeated short deliveries over Christmas. No change to budget.

7. Gift shop - the plastic foil helium balloons. Several visitor complaints and one went into the aviary netting. **Agreed: the shop sells down the current stock until 30 June 2025 and then stops stocking helium balloons altogether.** Paper windmills and seed bombs instead. GF to tell the wholesaler.

8. Insurance - renewed with Ledbury Mutual from 1 January; details in [[compliance/insurance-renewal-2025]].

9. Annual pass - HV proposed ending the free weekday guest for annual pass holders, as it is being used by the same people every week and the café sees no extra trade. Agreed in principle; HV to email the front desk with the date.

10. Keeper-for-a-day - Kezia will be full time on the aviary rebuild from February. DM to confirm who takes over the experiences.

11. Volunteers - ME: 22 active; spring recruitment day 1 March.

12. AOB - the staff room kettle. Again.

Next meeting: 20 March 2025.
"""

N["meetings/2025-03-management-minutes"] = """---
title: Management meeting minutes - March 2025
date: 2025-03-20
tags: [minutes]
---
# Management meeting 20 March 2025

Present: HV, AP, DM, RS, GF, ME. Apologies: BC (at the builders' merchant).

1. Minutes of 16 January approved. Lemur barrier complete and signed off by the council - closed.
2. New prices went live on 1 March, no complaints at the gate so far. Two emails about the annual pass guest change.
3. Spring Lamb Weekend 12-13 April - Greyfield Farm bringing the ewes on the Friday. RS running the lambing talks. See [[visitors/spring-lamb-weekend]].
4. Volunteers - ME: 23 active after the recruitment day, 4 more in induction. Volunteer handbook updated.
5. Drills - first evening drill in February went well; everyone happy with the new timing.
6. Conservation fund - the Friends have handed over their cheque; AP to decide between the otter project and the hedgehog hospital. Paper at the May meeting.
7. AOB - staff photos for the new website, Friday 28 March.
"""

N["meetings/cafe-team-meeting-2024-12"] = """# Café team meeting - 5 Dec 2024

Gino, Shona, Bex, Marcus (Sat staff). Notes by Gino.

- **Walk-in fridge setpoint** changed from 5C to 3C after the EHO visit comment. Log twice a day on the clipboard. The drinks fridge stays at 5C.
- **Milk supplier**: moving from the cash and carry to Dalby Dairy, delivers Tue/Fri. Oat milk still from the wholesaler.
- **Prices**: latte up from £3.20 to £3.40, hot chocolate £3.10. Kids' lunch box stays at £5.50.
- **Card machine outage** last Saturday - the router in the shop lost power when the shop heater tripped the socket. 40 mins cash only. Gino to ask Barry about a separate socket.
- Christmas rota: café closed 24-26 Dec.
- Mince pies: order 20 dozen from the bakery.

Next team meeting Jan.
"""

N["meetings/friends-of-brackenhurst-agm"] = """---
title: Friends of Brackenhurst - AGM 2025
date: 2025-02-22
tags: [friends, fundraising]
---
# Friends of Brackenhurst Animal Park - Annual General Meeting

Held in the education room, 22 February 2025. 17 members present. Chair: Jean Whitlow (Friends).

1. Chair's report - a good year. Membership at 211 households.
2. Treasurer's report - the Friends raised £2,310 for the park's conservation fund through the quiz night, the tombola and the sponsored walk. Cheque to be presented to Dr Pellow.
3. Election of officers - all re-elected unopposed.
4. Volunteers - the Friends are separate from the park's own volunteer programme; members who want to volunteer on site should talk to Maud Ellingham. The Friends' own helpers run the tombola and the Christmas raffle only.
5. Events - summer quiz night, 27 June. Sponsored walk, September.
6. Any other business - a member asked whether the park will get giraffes. Laughter.
"""

N["meetings/keepers-huddle-2024-10-03"] = """keepers huddle thurs 3/10 - typed on phone, DM

- meerkat scales reading heavy, need recal before weigh day
- otter pond pump still noisy, Barry says bearing
- red panda Q2 fine, Tashi eating all bamboo, poo normal. Mei calling from the main enc
- V3 stat (TX-400) flickering again, told Craig, he'll look next time he's in
- lemurs: Dr Quennell dental on Fig next wk, she's dropping food on left side. [[animals/lemur-diet]] needs updating
- aviary: Kezia says 2 zebra finches missing from the flight, net gap NW corner, Barry's on it
- barn: Bramble back to normal, kids on the rail again, sign went up
- reminder radios go on charge EVERY night
"""

N["meetings/education-team-catchup-2025-02"] = """date: 2025-02-06

Education catch-up - Rhiannon, Maud

* Summer term school bookings filling up; 6 groups in for April/May so far, see [[visitors/school-bookings-2025]]
* Trentside Coaches have put their price up, schools grumbling; nothing we can do
* Risk assessment pack for teachers updated - added the handwashing line for the petting barn after last summer's bite, teachers to supervise at the rail
* Minibeasts session needs new bug pots
* Rhiannon wants two volunteers for each school day (one at the barn, one floating); Maud to find them
* Keeper talk times change at the end of March - let the schools know
"""
