"""Writes gold.json (standard library only)."""
import json

def q(id, kind, notes, facts, phrasings, superseded=None):
    d = {"id": id, "notes": notes, "facts": facts, "phrasings": phrasings, "kind": kind}
    if superseded:
        d["superseded"] = superseded
    return d

quick = [
    # --- supersession (8) ---
    q("q01", "supersession", ["accommodation/homestay-guidelines-v2"], [r"\b205\b"],
      ["How much does homestay cost a student per week now?",
       "homestay weekly price student",
       "hw much is homestay a week atm"],
      ["accommodation/homestay-guidelines"]),
    q("q02", "supersession", ["chats/teachers-whatsapp-feb-2025"], [r"\b0?9[.:]15\b|quarter past nine"],
      ["What time do the morning General English classes start?",
       "GE morning class start time",
       "wat time do GE mornings start now"],
      ["academic/timetable-general-english"]),
    q("q03", "supersession", ["social/coach-hire-new-supplier"], [r"tallis"],
      ["Which coach company do we book for trips?",
       "coach hire company for trips",
       "who do we book coaches with these days"],
      ["social/coach-hire"]),
    q("q04", "supersession", ["meetings/2024-09-staff-meeting"],
      [r"no refunds?|not (be )?refunded|aren'?t refunded|isn'?t refunded", r"credit"],
      ["If a student leaves partway through their course, do they get money back for the weeks they don't use?",
       "refund student leaving early unused weeks",
       "student wants to leave after 3 wks can she get a refund for the rest"],
      ["policies/policy-05-refunds"]),
    q("q05", "supersession", ["policies/decision-2025-02-class-size"], [r"\b12\b|twelve"],
      ["What's the maximum number of students allowed in an adult group class?",
       "max class size adult groups",
       "hows many students max per class"],
      ["policies/policy-03-class-size"]),
    q("q06", "supersession", ["admin/fee-list-2025-erratum"],
      [r"£ ?48\b|\b48 ?(pounds|gbp|per hour|an hour|/ ?hr?\b)"],
      ["What do we charge per hour for one-to-one lessons?",
       "one-to-one hourly rate 2025",
       "how much r 1-1 lessons per hr"],
      ["admin/fee-list-2025"]),
    q("q07", "supersession", ["admin/fee-list-2025"], [r"£ ?265\b|\b265 ?(pounds|gbp|a week|per week)"],
      ["How much is a week of General English this year?",
       "general english weekly fee",
       "whats GE cost per week now"],
      ["admin/fee-list-2024"]),
    q("q08", "supersession", ["premises/first-aid-update-2025"], [r"tomasz|wilk"],
      ["Who is the lead first aider at the school?",
       "lead first aider name",
       "whos first aider now, student cut her hand"],
      ["premises/first-aid"]),
    # --- table (3) ---
    q("q09", "table", ["academic/placement-score-bands"], [r"\b46\b"],
      ["What placement test score puts someone into Upper Intermediate?",
       "placement score band B2 upper intermediate",
       "wat score do u need for upper int on the placement test"]),
    q("q10", "table", ["academic/course-book-stock"], [r"\b13\b|thirteen"],
      ["How many Waypoint Upper Intermediate student's books do we have in stock?",
       "Waypoint B2 student's book stock count",
       "how many b2 waypoint SBs left in stock"]),
    q("q11", "table", ["premises/room-bookings"], [r"room ?3\b|room three"],
      ["Which room is the Thursday evening IELTS class in?",
       "Thursday evening IELTS room",
       "wheres thurs eve ielts, which room"]),
    # --- cause (2) ---
    q("q12", "cause", ["incidents/after-the-laptop-what-changed", "incidents/2025-01-lost-laptop-report"],
      [r"train", r"passport"],
      ["Why aren't we allowed to take school laptops home any more?",
       "reason school laptops stay in building",
       "why cant i take the office laptop home now??"]),
    q("q13", "cause", ["social/coach-hire-new-supplier"], [r"seat ?-?belts?"],
      ["Why did we stop using Brackenford Coaches?",
       "reason dropped Brackenford coach company",
       "why did we ditch brackenford"]),
    # --- deep (2) ---
    q("q14", "deep", ["meetings/2024-11-staff-meeting"], [r"£ ?5\b|five pounds|\b5 pounds"],
      ["How much does a student pay to replace a lost ID card?",
       "lost student ID card replacement charge",
       "student lost her id card how much for a new one"]),
    q("q15", "deep", ["meetings/2025-01-staff-meeting"], [r"\b48 ?(hours|hrs|h)\b|two days|2 days"],
      ["How much notice do teachers get before a lesson observation?",
       "observation notice period teachers",
       "do we get warned b4 being observed, how much notice"]),
    # --- person (3) ---
    q("q16", "person", ["premises/photocopier"], [r"farthing"],
      ["Who do I call when the photocopier breaks down?",
       "photocopier engineer contact",
       "copier broken again who do i ring"]),
    q("q17", "person", ["admin/visa-letters"], [r"helen|ashcombe"],
      ["Who signs the visa letters for students?",
       "visa letter signatory",
       "who can sign a visa letter, agent needs one asap"]),
    q("q18", "person", ["admin/accreditation-prep"], [r"whitcombe"],
      ["Who is the inspector for our accreditation visit?",
       "ASLC inspector name",
       "whos the inspector coming for accreditation"]),
    # --- date (2) ---
    q("q19", "date", ["meetings/2025-03-staff-meeting"], [r"21(st)? (of )?may|may 21|21[./-]0?5\b"],
      ["When is the accreditation inspection?",
       "ASLC inspection date 2025",
       "when's the inspection day, need to book hols around it"]),
    q("q20", "date", ["juniors/summer-2025-dates"], [r"\b6(th)? (of )?july|july 6(th)?\b|\b0?6[./]0?7\b"],
      ["When do the first summer junior students arrive this year?",
       "junior programme 2025 first arrival date",
       "when do the summer kids arrive"]),
    # --- number (3) ---
    q("q21", "number", ["juniors/staff-ratios"],
      [r"\b1 ?: ?8\b|\b1 to 8\b|one to eight|\b(one|1) (adult|staff|member of staff|leader|teacher) (for|per|to) (every )?(8|eight)\b"],
      ["What's the minimum staff ratio for 12–13 year olds on full-day coach excursions?",
       "junior excursion ratio age 12-13",
       "ratio for the younger juniors on full day trips?"]),
    q("q22", "number", ["incidents/2025-01-lost-laptop-report"], [r"\b37\b|thirty[- ]seven"],
      ["How many students' passport scans were on the lost laptop?",
       "lost laptop number of students affected",
       "how many students were hit by the laptop breach"]),
    q("q23", "number", ["premises/photocopier-codes"], [r"\b500\b|five hundred"],
      ["What's the monthly photocopying quota per teacher?",
       "photocopier quota per teacher per month",
       "how many copies r we allowed a month"]),
    # --- plain (1) ---
    q("q24", "plain", ["premises/fire-safety"], [r"brannoc|chapel"],
      ["Where is the fire assembly point for the main building?",
       "fire assembly point No. 9",
       "where do we line up if the fire alarm goes off"]),
]

lookalike_pairs = [
    ("Halfpenny Café", "Halfpenny Bakery",
     "What time does the Halfpenny Bakery open for our students' breakfast deal?"),
    ("Brackenford Coaches", "Brackenford Minibuses",
     "whats the number for Brackenford Minibuses, need a minibus for 12 on sat"),
    ("Sheila Pocock", "Sheila Pollard",
     "Is Sheila Pollard still on our homestay host list?"),
    ("Konvex MX-4200", "Konvex MX-4400",
     "how do you clear the error codes on the Konvex MX-4400 in the office"),
    ("Hoshizora Study Abroad", "Hoshizora Language Tours",
     "How many students are Hoshizora Language Tours sending us in July?"),
    ("Wrexcombe Abbey", "Wrexcombe Castle",
     "how much is the Wrexcombe Castle trip and what time does the coach leave"),
]
ood = []
for i, (present, absent, question) in enumerate(lookalike_pairs, 1):
    ood.append({"id": f"ood{i:02d}", "type": "lookalike", "present_twin": present, "question": question})
offtopic = [
    "Is it going to rain in Bath on Saturday?",
    "can u give me a recipe for welsh cakes",
    "Who won the Six Nations last year?",
    "what's the capital of Australia",
    "How many tablespoons are in a cup?",
    "best way to get red wine out of a carpet??",
]
for j, question in enumerate(offtopic, 7):
    ood.append({"id": f"ood{j:02d}", "type": "offtopic", "question": question})

investigations = [
    {"id": "inv1", "topic": "can you pull together everything we've got on homestay prices and the host rules",
     "relevant": ["accommodation/homestay-guidelines", "accommodation/homestay-guidelines-v2",
                  "accommodation/fwd-brennan-fee-email", "accommodation/host-visit-pocock",
                  "accommodation/bronwen-placement-notes", "accommodation/host-list",
                  "meetings/2025-01-staff-meeting", "meetings/2024-11-staff-meeting",
                  "admin/fee-list-2025"],
     "facts": [r"\b205\b", r"\b170\b", r"22[:.]?00|10 ?pm"]},
    {"id": "inv2", "topic": "write up our refund policy - what it was and what it is now",
     "relevant": ["policies/policy-05-refunds", "meetings/2024-09-staff-meeting",
                  "admin/refunds-and-transfers-log", "chats/fwd-hoshizora-agent-email",
                  "chats/teachers-whatsapp-feb-2025", "incidents/complaint-lukas-brandt",
                  "admin/fee-list-2025", "meetings/2025-03-staff-meeting"],
     "facts": [r"no refunds?", r"credit", r"1(st)? oct(ober)?|october 2024"]},
    {"id": "inv3", "topic": "report on the lost laptop / data breach and everything we changed after it",
     "relevant": ["incidents/2025-01-lost-laptop-report", "incidents/after-the-laptop-what-changed",
                  "incidents/fwd-insurer-email", "meetings/2025-01-staff-meeting",
                  "meetings/2025-02-staff-meeting", "policies/policy-07-data-handling",
                  "premises/photocopier", "chats/teachers-whatsapp-feb-2025",
                  "chats/fwd-hoshizora-agent-email"],
     "facts": [r"\b37\b|thirty[- ]seven", r"encrypt"]},
    {"id": "inv4", "topic": "everything on the summer junior programme 2025 for the new activity leaders",
     "relevant": ["juniors/summer-2025-dates", "juniors/staff-ratios", "juniors/summer-2024-review",
                  "juniors/junior-team-meeting-2025-04", "juniors/dbs-tracker",
                  "policies/policy-11-safeguarding-juniors", "social/coach-hire-new-supplier",
                  "meetings/2025-03-staff-meeting", "chats/fwd-hoshizora-agent-email"],
     "facts": [r"\b6(th)? (of )?july|july 6", r"priya|nandakumar", r"09[:.]30|9[:.]30"]},
    {"id": "inv5", "topic": "pull together what we need for the ASLC inspection",
     "relevant": ["admin/accreditation-prep", "meetings/2025-03-staff-meeting",
                  "meetings/2025-01-staff-meeting", "academic/observation-schedule",
                  "premises/fire-drill-log", "juniors/dbs-tracker", "policies/policy-09-complaints",
                  "policies/decision-2025-02-class-size", "chats/teachers-whatsapp-march-2025"],
     "facts": [r"whitcombe", r"21(st)? (of )?may|may 21"]},
    {"id": "inv6", "topic": "summary of the photocopier problems and the copying rules pls",
     "relevant": ["premises/photocopier", "premises/photocopier-codes", "meetings/2024-11-staff-meeting",
                  "meetings/2024-09-staff-meeting", "meetings/2025-02-staff-meeting",
                  "meetings/2025-03-staff-meeting", "chats/teachers-whatsapp-feb-2025",
                  "chats/teachers-whatsapp-march-2025"],
     "facts": [r"farthing", r"\b500\b|five hundred", r"j-?11"]},
    {"id": "inv7", "topic": "what happened with the Lukas Brandt complaint, full story",
     "relevant": ["incidents/complaint-lukas-brandt", "accommodation/bronwen-placement-notes",
                  "meetings/2025-01-staff-meeting", "admin/refunds-and-transfers-log",
                  "policies/policy-09-complaints", "policies/policy-04-placement-testing",
                  "accommodation/host-list"],
     "facts": [r"osei", r"re-?test"]},
    {"id": "inv8", "topic": "how do placement tests work and how do we decide what level a student goes in",
     "relevant": ["policies/policy-04-placement-testing", "academic/placement-score-bands",
                  "academic/levels-and-courses", "meetings/2024-09-staff-meeting",
                  "incidents/complaint-lukas-brandt", "chats/teachers-whatsapp-march-2025",
                  "premises/room-bookings", "academic/exam-classes"],
     "facts": [r"monday", r"oral|interview", r"\b0?8[:.]30"]},
]

about = (
    "Blind evaluation vault for a team-chat research assistant, written from a brief alone. "
    "Domain: Avonbridge School of English, an invented language school for adults in a Georgian "
    "townhouse (No. 9 Quillon Crescent, Bath) with a second teaching room above the Halfpenny Café. "
    "The vault has 64 markdown notes in 10 folders: policies (the DoS's numbered POLICY/DECISION pages), "
    "academic (timetables, placement bands, book stock, observations), admin (fee lists, erratum, visa letters, "
    "contracts, refunds log, accreditation prep), accommodation (homestay guidelines v1/v2, hosts, a forwarded "
    "host email), juniors (summer programme dates, ratios, reviews, a junior-team meeting), social (coach hire, "
    "trips, parties), premises (rooms, photocopier, fire, first aid, landlord), incidents (lost-laptop data "
    "breach, a student complaint, insurer email), meetings (monthly staff minutes with numbered items) and chats "
    "(pasted teachers' WhatsApp, forwarded agent email). 'quick' holds 24 single-answer questions (8 supersession, "
    "3 table, 2 cause, 2 deep, 3 person, 2 date, 3 number, 1 plain), each with three phrasings and regex facts; "
    "'out_of_domain' holds 6 look-alike questions about things absent from the vault (absent names listed in "
    "'lookalikes') and 6 off-topic questions; 'investigations' holds 8 report requests with the notes a good "
    "report would cite and 2-3 regex facts a good summary would state."
)

gold = {
    "_about": about,
    "quick": quick,
    "out_of_domain": ood,
    "investigations": investigations,
    "lookalikes": [absent for _, absent, _ in lookalike_pairs],
}
with open("gold.json", "w", encoding="utf-8") as f:
    json.dump(gold, f, ensure_ascii=False, indent=1)
print("gold.json written")
