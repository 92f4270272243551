import json
Q = []
def q(id, notes, facts, phr, kind, sup=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phr, "kind": kind}
    if sup: d["superseded"] = sup
    Q.append(d)

q("q01", ["meetings/2024-03-ops-meeting", "staff/rota-2025-06-wk23"], [r"23[:.]00|\b11 ?pm|11[:.]00 ?pm|eleven"],
  ["What time do we call last orders at the bar these days?", "last orders time bar", "wat time is last orders now at the bar"],
  "supersession", ["bar/bar-licence-and-last-orders"])
q("q02", ["suppliers/marquee-hire-v2"], [r"Highfield"],
  ["Which marquee company are we using for lawn weddings?", "marquee hire contractor current", "whos doing our marquees now"],
  "supersession", ["suppliers/marquee-hire-canvas-and-pole"])
q("q03", ["bookings/deposit-terms-2025"], [r"30 ?%|30 per ?cent|thirty per ?cent"],
  ["How much deposit do we take when a couple books now?", "deposit percentage new bookings", "whats the deposit % for a new booking"],
  "supersession", ["bookings/deposits-and-cancellation"])
q("q04", ["staff/whatsapp-foh-handover"], [r"Jordan"],
  ["Who's our front-of-house manager?", "front of house manager name", "who is FOH manager atm"],
  "supersession", ["staff/staff-contacts"])
q("q05", ["safety/noise-limiter-erratum"], [r"\b90 ?dB|90 decibels"],
  ["What level is the sound limiter in the Threshing Barn set to?", "barn noise limiter setting dB", "whats the limiter set at in the barn"],
  "supersession", ["safety/noise-management-plan"])
q("q06", ["accommodation/check-in-times"], [r"\b4 ?pm|16[:.]00|4\.00 ?pm|four ?(pm|o.clock)"],
  ["What time can guests check in to the bedrooms?", "guest room check-in time", "what time is check in for the rooms"],
  "supersession", ["accommodation/check-in-procedure"])
q("q07", ["kitchen/tasting-evenings-update"], [r"thursday"],
  ["Which evening are the menu tastings on?", "menu tasting night of week", "what night r tastings on now"],
  "supersession", ["kitchen/menu-tastings"])
q("q08", ["admin/fw-supplier-fee-change"], [r"£ ?150\b|150 (pounds|quid)"],
  ["What fee do recommended suppliers pay us for a booking?", "recommended supplier referral fee", "how much do suppliers on the list pay us per booking"],
  "supersession", ["suppliers/recommended-supplier-scheme"])
q("q09", ["bookings/packages-and-pricing-2025"], [r"12,?950"],
  ["How much is the Garden package on a peak Saturday?", "Garden package price peak Saturday 2025", "garden pkg saturday in june how much"],
  "table")
q("q10", ["staff/casual-crew-pay-rates"], [r"15\.10"],
  ["What's the hourly rate for a bar casual after midnight?", "bar casual after midnight rate", "how much do bar casuals get after 12"],
  "table")
q("q11", ["kitchen/allergen-matrix-wedding-menu"], [r"celery", r"mustard"],
  ["Which allergens are in the ham hock terrine?", "ham hock terrine allergens", "whats in the ham hock terrine allergen wise"],
  "table")
q("q12", ["grounds/barn-closure-feb-2025"], [r"EICR|electrical (inspection|installation|condition|test)|\bC2\b|distribution board|RCD"],
  ["Why was the Threshing Barn closed in the first week of February?", "barn closure February 2025 reason", "why was the barn shut start of feb"],
  "cause")
q("q13", ["customers/complaints-log-2024"], [r"hot water|boiler"],
  ["Why did the Ashcroft-Mensah couple get a partial refund?", "Ashcroft-Mensah refund reason", "why did we refund the ashcroft mensahs"],
  "cause")
q("q14", ["meetings/2024-09-all-staff-meeting"], [r"stand (no\.? ?|number |#)?14\b"],
  ["What stand number have we got at the Spring Wedding Fair?", "Spring Wedding Fair 2025 stand number", "which stand r we on at the spring fair"],
  "deep")
q("q15", ["meetings/2025-02-management-meeting"], [r"Marlow"],
  ["Who's supplying the gravel for the drive?", "drive gravel supplier", "who are we getting the gravel for the drive from"],
  "deep")
q("q16", ["suppliers/registrar-westshire"], [r"Elaine|Frost"],
  ["Who's our contact at the registration service?", "registrar contact name", "who do i speak to at the registrars"],
  "person")
q("q17", ["safety/fire-alarm-servicing"], [r"Beacon"],
  ["Who services the fire alarm?", "fire alarm service contractor", "who do we call about the fire alarm panel"],
  "person")
q("q18", ["suppliers/minibus-daltons"], [r"Priya"],
  ["Who books the guest minibuses?", "minibus booking person", "who sorts the minibuses for weddings"],
  "person")
q("q19", ["bar/premises-licence-summary", "admin/insurance-and-certificates"], [r"22(nd)? nov|22/11|november 22"],
  ["When is the annual premises licence fee due?", "premises licence annual fee due date", "when do we pay the licence fee every yr"],
  "date")
q("q20", ["bookings/open-days-2025"], [r"\b6(th)? apr|06/04|\b6/4\b|april 6"],
  ["When is the spring open day this year (2025)?", "spring open day 2025 date", "whens the spring open day"],
  "date")
q("q21", ["safety/fire-safety-and-capacity"], [r"\b220\b"],
  ["What's the maximum standing capacity of the Threshing Barn?", "Threshing Barn standing capacity", "how many can we fit standing in the barn"],
  "number")
q("q22", ["bar/corkage-and-bring-your-own"], [r"£ ?15\b|15 (pounds|quid)"],
  ["What do we charge for corkage on a bottle of wine?", "corkage wine per bottle", "corkage on wine how much"],
  "number")
q("q23", ["accommodation/housekeeping-turnaround"], [r"\b5 ?(hours|hrs|h)\b|five hours"],
  ["How long does housekeeping need to turn round all the bedrooms?", "housekeeping turnaround time all rooms", "how long does brenda need to turn the rooms"],
  "number")
q("q24", ["grounds/confetti-and-fireworks-policy"], [r"biodegradable|petal"],
  ["Are guests allowed to throw confetti?", "confetti rules", "can they throw confetti at the end of the ceremony"],
  "plain")

OOD = [
 {"id": "ood01", "type": "lookalike", "present_twin": "Long Hall", "question": "What's the seated capacity of the Long Gallery?"},
 {"id": "ood02", "type": "lookalike", "present_twin": "Petal & Thorn", "question": "do we have a referral agreement with Petal & Vine florists"},
 {"id": "ood03", "type": "lookalike", "present_twin": "Kieran Doyle", "question": "What shifts is Kieran Dunne doing this month?"},
 {"id": "ood04", "type": "lookalike", "present_twin": "Kelvane KX-40", "question": "when was the Kelvane KX-60 last serviced"},
 {"id": "ood05", "type": "lookalike", "present_twin": "Brightwater Insurance", "question": "How many delegates came to the Brightwater Logistics away day?"},
 {"id": "ood06", "type": "lookalike", "present_twin": "Spring Wedding Fair", "question": "which stand did we have at the Winter Wedding Fair?"},
 {"id": "ood07", "type": "offtopic", "question": "is it going to rain in Manchester tomorrow"},
 {"id": "ood08", "type": "offtopic", "question": "What's a good recipe for Yorkshire puddings?"},
 {"id": "ood09", "type": "offtopic", "question": "who won the 2019 rugby world cup"},
 {"id": "ood10", "type": "offtopic", "question": "What's the capital of Australia?"},
 {"id": "ood11", "type": "offtopic", "question": "how do i convert 180C to fahrenheit"},
 {"id": "ood12", "type": "offtopic", "question": "Who's the best player in the Premier League right now?"},
]
LOOK = ["Long Gallery", "Petal & Vine", "Kieran Dunne", "KX-60", "Brightwater Logistics", "Winter Wedding Fair"]

INV = [
 {"id": "inv1", "topic": "can you pull together everything we've got on last orders and the bar licence",
  "relevant": ["bar/bar-licence-and-last-orders", "meetings/2024-03-ops-meeting", "bar/premises-licence-summary", "staff/rota-2025-06-wk23",
               "customers/complaints-log-2024", "meetings/2024-09-all-staff-meeting", "suppliers/dj-and-band-brief", "meetings/parish-liaison-2024-11"],
  "facts": [r"23[:.]00|\b11 ?pm", r"00[:.]30|12[:.]30 ?am|half (past )?twelve", r"Kieran|DPS|designated premises"]},
 {"id": "inv2", "topic": "report on marquee hire pls - who we use now, why we changed, and the wet weather plan",
  "relevant": ["suppliers/marquee-hire-canvas-and-pole", "suppliers/marquee-hire-v2", "grounds/marquee-and-wet-weather-plan", "customers/complaints-log-2024",
               "meetings/2025-02-management-meeting", "suppliers/supplier-list", "grounds/grounds-maintenance-calendar", "safety/fire-safety-and-capacity"],
  "facts": [r"Highfield", r"late|pole base|sank|signed off", r"40 ?mph|Orangery"]},
 {"id": "inv3", "topic": "everything we have on allergens and menu tastings",
  "relevant": ["kitchen/allergen-matrix-wedding-menu", "kitchen/allergen-procedure", "kitchen/menu-tastings", "kitchen/tasting-evenings-update",
               "meetings/2025-01-kitchen-meeting", "customers/complaints-log-2024", "staff/new-starter-induction", "meetings/2024-09-all-staff-meeting", "staff/rota-2025-06-wk23"],
  "facts": [r"dietary card", r"praline|nut", r"thursday"]},
 {"id": "inv4", "topic": "write up noise limits and the neighbour complaints",
  "relevant": ["safety/noise-management-plan", "safety/noise-limiter-erratum", "customers/complaints-log-2024", "meetings/2024-03-ops-meeting",
               "suppliers/dj-and-band-brief", "bar/premises-licence-summary", "meetings/parish-liaison-2024-11", "customers/brightwater-insurance-conference", "staff/new-starter-induction"],
  "facts": [r"\b90 ?dB", r"Hadley|Mill Cottage", r"21[:.]00|\b9 ?pm"]},
 {"id": "inv5", "topic": "what do we know about cleaning and turnaround between events",
  "relevant": ["accommodation/housekeeping-turnaround", "staff/rota-2025-06-wk23", "bookings/calendar-holds-policy", "meetings/2024-09-all-staff-meeting",
               "meetings/2024-03-ops-meeting", "customers/brightwater-insurance-conference", "accommodation/check-in-times"],
  "facts": [r"\b5 ?(hours|hrs|h)\b|five hours", r"\b4 ?(hours|hrs|h)\b|four hours|\b3 ?pm|15[:.]00", r"Brenda"]},
 {"id": "inv6", "topic": "pull together fire safety + capacity stuff for the insurers",
  "relevant": ["safety/fire-safety-and-capacity", "safety/fire-alarm-servicing", "safety/fire-drill-log", "staff/new-starter-induction",
               "meetings/2024-09-all-staff-meeting", "bar/premises-licence-summary", "customers/brightwater-insurance-conference", "grounds/barn-closure-feb-2025", "accommodation/check-in-procedure"],
  "facts": [r"\b220\b", r"Beacon", r"cedar tree"]},
 {"id": "inv7", "topic": "casual crew pay and rota - everything we've got",
  "relevant": ["staff/casual-crew-pay-rates", "staff/rota-2025-06-wk23", "meetings/2025-02-management-meeting", "admin/office-admin-bits",
               "staff/holiday-and-absence-policy", "meetings/2024-09-all-staff-meeting", "staff/new-starter-induction", "meetings/2024-03-ops-meeting"],
  "facts": [r"15\.10|12\.60|12\.40", r"after midnight|midnight", r"timesheet"]},
 {"id": "inv8", "topic": "report on the wedding fairs and open days",
  "relevant": ["bookings/spring-wedding-fair-2025", "bookings/open-days-2025", "meetings/2024-09-all-staff-meeting", "meetings/2025-02-management-meeting",
               "bookings/2025-saturday-availability", "suppliers/recommended-supplier-scheme", "meetings/2024-03-ops-meeting"],
  "facts": [r"stand 14", r"\b6(th)? apr|april 6", r"\b9(th)? mar|march 9"]},
]

about = ("Blind evaluation vault for Hollinsworth Hall, an invented wedding and events venue (country house with walled garden, "
 "Long Hall, Orangery Room, Cedar Suite bridal suite, 14 guest rooms, Threshing Barn, marquee lawn, catering kitchen) in the invented village "
 "of Little Amberley, Westshire. vault/ holds 64 notes in 11 folders: bookings, kitchen, bar, safety, grounds, accommodation, suppliers, staff, "
 "meetings, customers, admin. quick: 24 chat questions answerable from the notes (8 supersession, 3 table, 2 cause, 2 deep, 3 person, 2 date, "
 "3 number, 1 plain), each with three phrasings and regex facts. out_of_domain: 6 look-alike questions about names that do not occur in the vault "
 "(their present twins do) and 6 off-topic questions. investigations: 8 report requests with the notes a good report should list and 2-3 regex facts. "
 "lookalikes lists the absent twins for check_gold.py.")
gold = {"_about": about, "quick": Q, "out_of_domain": OOD, "investigations": INV, "lookalikes": LOOK}
json.dump(gold, open("gold.json", "w"), indent=1, ensure_ascii=False)
print(len(Q), len(OOD), len(INV))
