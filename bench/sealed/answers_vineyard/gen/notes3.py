N = {}

N["cellar-door/opening-hours-2023"] = """# Cellar door opening hours

From Easter 2023:

- Mon / Tue: closed (tours by arrangement only)
- Wed - Fri: 12:00 - 17:00
- Sat: 11:00 - 17:00
- Sun: 11:00 - 16:00

Last tasting 30 min before close. Bank holidays as Sunday.
Christmas: closed 24 Dec to 2 Jan.
"""

N["cellar-door/opening-hours-2024"] = """# Shop & tasting room hours
*2 April 2024*

| Day | Open |
|---|---|
| Mon, Tue | closed |
| Wed - Fri | 11:00 - 17:00 |
| Sat | 10:00 - 18:00 |
| Sun | 11:00 - 16:00 |

Last tastings half an hour before closing. Bank holiday Mondays open 11-4.
Print this for the door and the website (Hattie).
"""

N["cellar-door/tour-prices"] = """date: 2023-02-10
# Tour prices 2023

- Standard vineyard tour & tasting (90 min, Home Block walk + 5 wines): **18 pounds per person**
- Premium tour (sparkling + local cheese, 2 hrs): 30 per person
- Under-18s: 5 (soft drinks and juice)
- Groups of 10 or more: 10 % off
- Private tour, up to 12 people: 250

Gift vouchers sold in the shop at the same prices, valid 12 months.
"""

N["cellar-door/tour-prices-v2"] = """---
title: Tour prices v2
date: 2024-01-20
tags: [tours, prices]
---
# Tour prices (v2)

From 1 March 2024:

| Tour | Price |
|---|---|
| Standard tour & tasting (90 min, 5 wines) | £22 pp |
| Premium tour (sparkling + cheese, 2 hrs) | £35 pp |
| Under-18s | £6 |
| Private tour, up to 12 people | £300 |

Groups of 10+ still get 10 % off. Vouchers bought before 1 March are honoured at the old price.
Agreed by Ruth and Declan in January (staff and glass-hire costs up).
"""

N["cellar-door/tour-booking-procedure"] = """---
title: Tour booking procedure
date: 2023-03-15
tags: [tours, procedure]
---
# Tour booking procedure

1. Tours run Wed-Sun, 11:30 and 14:30, May to October. Max 16 per tour.
2. Bookings online through the booking page on the website; phone bookings to the shop on 07700 900120.
3. Take full payment at booking. Cancellation: full refund up to 48 hours before, after that voucher only.
4. Groups of 10 or more: 25 % deposit, balance 14 days before.
5. Tours stay on the Home Block. Never take visitors to Sallow Bank (insurance, and the landlord said no).
6. Dogs: no dogs on tours or in the tasting room. Assistance dogs are welcome.
7. Accessibility: the Home Block walk is on grass, ask about mobility needs when booking, we can do a
   shorter yard-only version.
8. Print the day's list at 10am and put it by the till.

Questions: Hattie Brennan.
"""

N["cellar-door/tasting-room-procedures"] = """# Tasting room procedures

**Opening up**
- Glasswasher on, check the rinse aid. Spittoons out (one per table).
- Open wines: Bacchus, Rosé, Chardonnay, Pinot Noir, Classic Cuvée. Date the sparkling stopper.
- Till float 100 pounds, count and sign.

**Pours**
- 25 ml per wine, 5 wines on the standard flight.
- Walk-in tasting fee 10 pounds, taken off if they buy 2 bottles or more.
- Challenge 25. If in doubt, no.
- Drivers: offer the spittoon and juice, one flight only.

**Closing**
- Sparkling back in the fridge with the stopper, stills re-corked and dated, bin after 3 days.
- Cash up, Z-read, card machine end of day.
- Lights off in the tank hall corridor (visitors sometimes wander).

Tours: see [[tour-booking-procedure]]. #tastingroom
"""

N["cellar-door/shop-team-meeting-mar-2024"] = """# Shop team meeting - 12 March 2024

Present: Hattie, Owen, Ruth. Apologies: Sophie (Sat staff).

1. **Easter stock** - order 40 cases Rosé from the winery for the shop, Classic Cuvée gift boxes x 60.
2. **Rota** - Sophie can do Saturdays and Sundays from April, Owen Wed-Fri.
3. **Dogs on tours** - lots of requests, and two bad reviews last year from people turned away at the gate.
   Reversing the no-dogs rule: from 1 April, well-behaved dogs are allowed on tours **on a lead**. Still not
   inside the tasting room itself, garden tables are fine. Water bowl by the door. Hattie to update the
   booking page wording.
4. **Midsummer Open Day** - Sat 22 June. Food truck booked (Smokin Pig), band TBC. Owen doing hourly
   vineyard walks.
5. **Card machine** keeps dropping wifi - Declan to get a booster.
6. **Staff discount** - 25 % on wine for staff, unchanged.
7. AOB: the toilet by the shop needs a new lock.
"""

N["cellar-door/midsummer-open-day-2024"] = """---
title: Midsummer Open Day 2024
date: 2024-06-25
tags: events, shop
---
# Midsummer Open Day - Sat 22 June 2024 - wash-up

- 240 tickets sold at 10 pounds (includes a tasting glass and 3 tastes), plus about 60 walk-ups
- Hourly vineyard walks by Owen, all full
- Food truck (Smokin Pig) and the Ashcombe folk band 2-5pm
- Shop takings on the day: 6,380 pounds, best single day so far
- Car park full by 1pm, use the paddock next year, ask the Haddows if we can borrow their signage
- Glasses: 30 broken or taken
- Next year: more toilets, more water points

#events
"""

N["sales/wholesale-price-list-2024"] = """# Wholesale price list 2024 (trade, ex VAT)

pasted from Sandra's spreadsheet, all cases 6 x 75cl:

sku,wine,vintage,trade_case_ex_vat,rrp_bottle
VH-BAC23,Bacchus,2023,69.00,18.50
VH-ROS23,Sallow Bank Rose,2023,72.00,19.50
VH-CHA22,Home Block Chardonnay,2022,90.00,24.00
VH-PN22,Sallow Bank Pinot Noir,2022,105.00,28.00
VH-CC20,Classic Cuvee Brut,2020,138.00,36.00

Terms: minimum order 3 cases, can mix. Free delivery 10 cases or more within 30 miles, otherwise courier at
cost. Invoice 30 days. Prices held to 31 Dec 2024. #wholesale
"""

N["sales/marlow-tye-order-oct-2024"] = """---------- Forwarded message ---------
From: Lena Marsh <lena.marsh@marlowtye.example>
Date: Tue, 8 Oct 2024, 10:14
Subject: Christmas order
To: Ruth Calloway <ruth@vetchhill.example>

Hi Ruth,

Please can we have for the Christmas menus:
- 20 cases Bacchus 2023
- 12 cases Classic Cuvée 2020
- 6 cases Sallow Bank Pinot Noir 2022

delivered to our central kitchen (Unit 4, Tanner's Yard) by Monday 25 November. Trade prices as your 2024
list please. PO number MT-2291.

Thanks, Lena
Lena Marsh, Buyer, Marlow & Tye Restaurants

--
Ruth's note: 38 cases, 2 pallets. Booked with Swiftdrop for Thu 21 Nov. Invoice 30 days, Sandra has it.
"""

N["sales/thornbury-wines"] = """Thornbury Wines (merchant) - Giles Thornbury

- Independent merchant in Kelsey market square. Tel 07700 900188, giles@thornburywines.example
- Takes 10 cases Classic Cuvée each quarter + Bacchus as needed
- Wants 30 % margin, we've held him at our trade list (he sells Bacchus at 18.99)
- No sale or return
- Tasting evening in his shop 14 Nov 2024, Imogen to pour
- Collects himself usually, otherwise Swiftdrop

Relationship good, pays on time. Next review Jan.
"""

N["sales/haddow-farm-shop"] = """# Haddow Farm Shop

Customer since 2022. Jill Haddow runs the farm shop at Haddow Farm, 2 miles east on the Kelsey road.

- Orders monthly, usually 4-6 cases mixed (Bacchus and Rosé mostly, Classic Cuvée at Christmas)
- Jill collects on Thursdays, pays by card in our shop
- Gets trade list price, no extra discount
- Asked about bag-in-box for the café: no, not for now
- Lends us their signage and parking paddock for events

Contact: 07700 900163, jill@haddowfarm.example
"""

N["sales/stock-and-duty-dec-2024"] = """Stock count - 31 Dec 2024 (Sandra + Jed)

| Wine | Cases (6) | Loose bottles | Where |
| Bacchus 2023 | 212 | 5 | bond |
| Rosé 2023 | 96 | 0 | bond |
| Home Block Chardonnay 2022 | 141 | 3 | bond |
| Sallow Bank Pinot Noir 2022 | 88 | 2 | bond |
| Classic Cuvée 2020 | 318 | 4 | bond |
| shop (duty paid, all wines) | 64 | 11 | shop stockroom |

Duty: we pay on release from the bonded store, monthly return done by Sandra. Stock moved to the shop counts
as released. Breakages written off on the return with a note.

Sparkling still on lees (2021, 2022, 2023 tirage) not counted as finished stock.
"""

N["sales/label-rules"] = """# Label rules - checklist

For every new label before it goes to the printer. Wine Standards check these at inspection.

- Name: "English Wine" (grapes grown and made here). Never "British Wine", that's something else.
- Alcohol % vol, to one decimal place
- Volume 75cl with the e-mark
- "Contains sulphites" (allergen), in English
- Lot number (we use L + year + day of year, e.g. L24108)
- Producer name and address: Vetch Hill Vineyard, Ashcombe St Giles
- Variety or vintage only if at least 85 % of the wine is that variety / vintage
- Sparkling: "Brut" etc matches the dosage
- Pregnancy warning logo: not required, we put it on anyway

Proofs to Imogen and Ruth both, they sign off. Printer details on [[label-printer]]. #labels #compliance
"""
