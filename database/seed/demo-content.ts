/**
 * Demo content for "The Educator" — an online education magazine for teachers
 * and educators worldwide, with a Zambian focus.
 *
 * Pure data: no imports. All people named here are fictional. Articles avoid
 * precise statistics and quotes attributed to real people on purpose.
 */

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  /** A lucide-react icon name, e.g. "Newspaper". */
  icon: string;
  /** Its place on the public site (the spec's five first, in the spec's order); none after them. */
  position?: number;
}

export interface DemoArticle {
  key: string;
  title: string;
  excerpt: string;
  categorySlug: string;
  /** Markdown. */
  content: string;
  /** 'scheduled' goes live `daysAgo` days from now (a negative number), at 07:00 in the site's time zone. */
  status: "published" | "draft" | "scheduled";
  daysAgo: number;
  views: number;
  image: { hue: number; label: string };
  /** BCP 47; English when not given. */
  language?: string;
}

export interface DemoTeamMember {
  name: string;
  position: string;
  bio: string;
  orderIndex: number;
  active: boolean;
}

export interface DemoComment {
  articleKey: string;
  content: string;
  status: "pending" | "approved" | "rejected";
  /** true = written by the demo reader account; false = anonymous (user deleted). */
  byReader: boolean;
}

export const demoCategories: DemoCategory[] = [
  {
    slug: "education-news",
    position: 1,
    name: "Education News",
    description: "Policy updates, curriculum changes and classroom stories from Zambia and schools around the world.",
    icon: "Newspaper",
  },
  {
    slug: "health",
    position: 2,
    name: "Health & Wellness",
    description: "Practical guidance on the physical and mental wellbeing of teachers and learners.",
    icon: "HeartPulse",
  },
  {
    slug: "sports",
    position: 3,
    name: "Sports & Physical Education",
    description: "Ideas for lively PE lessons, school sport and games that include every learner.",
    icon: "Trophy",
  },
  {
    slug: "technology",
    position: 4,
    name: "Technology in Education",
    description: "Simple, affordable ways to use phones, computers and digital tools to support teaching and learning.",
    icon: "Laptop",
  },
  {
    slug: "entrepreneurship",
    position: 5,
    name: "Entrepreneurship Education",
    description: "Helping learners build business skills, creativity and self-reliance through hands-on projects.",
    icon: "Lightbulb",
  },
  {
    slug: "ask-kafundisha",
    name: "Ask Kafundisha",
    description: "Our advice column where experienced educators answer the questions teachers send in.",
    icon: "MessageCircleQuestion",
  },
  {
    slug: "teacher-swaps",
    name: "Teacher Swaps",
    description: "A notice board for teachers seeking mutual transfers to another school, district or province.",
    icon: "Repeat",
  },
];

export const demoArticles: DemoArticle[] = [
  // ───────────────────────────── Education News ─────────────────────────────
  {
    key: "cbc-in-your-classroom",
    title: "Making the Competence-Based Curriculum Work in Your Classroom",
    excerpt: "The competence-based curriculum asks learners to do, not just to memorise. Here is a practical guide to planning lessons that build real skills.",
    categorySlug: "education-news",
    status: "published",
    daysAgo: 2,
    views: 2140,
    image: { hue: 212, label: "Competence-Based Curriculum" },
    content: `Zambia's move towards a **competence-based curriculum (CBC)** is one of the biggest shifts in our classrooms in a generation. As the revised curriculum is phased in across early childhood, primary and secondary levels, many teachers are asking the same question: what does this actually change about the lesson I teach on Monday morning?

## From knowing to doing

The heart of CBC is simple. Instead of measuring success mainly by how much content a learner can recall, we look at what the learner **can do** with that knowledge. A learner who can recite the parts of a plant is doing well; a learner who can plan a small garden bed, explain why some seedlings failed and suggest a fix is showing competence.

This does not mean knowledge no longer matters. It means knowledge becomes a tool that learners use to solve problems, communicate and make decisions.

## Planning a competence-based lesson

### Start with the outcome

Before choosing activities, write down in plain words what learners should be able to do by the end of the lesson. Use action verbs such as *measure*, *compare*, *explain*, *design* or *present*.

### Build in active tasks

Good CBC lessons usually include at least one task where learners work with real materials or real situations. Some ideas that need little or no money:

- **Measuring the classroom** with string or a stick to practise length and area
- **Interviewing a family member** about a local trade for a social studies topic
- **Sorting local seeds, stones or leaves** to introduce classification in science
- **Role-playing a market** to practise money, language and negotiation skills

### Assess as you go

Continuous assessment is central to the new approach. Walk around while learners work, listen to their reasoning and keep short notes. A simple checklist with three levels — *not yet*, *almost*, *achieved* — is often more useful than a long written test.

## Managing the change

Many teachers worry that active lessons take more time and are harder to control, especially in large classes. A few habits help:

- Give **clear roles** in group work: leader, recorder, timekeeper, reporter
- Use **short, timed tasks** rather than one long activity
- Agree on a **quiet signal** at the start of the term and practise it

## Learning together

No teacher needs to figure this out alone. School-based Continuing Professional Development meetings and zone-level sessions are ideal places to share lesson plans that worked and those that did not. **Honest sharing** of what went wrong is often the fastest way for a whole staff room to improve.

The competence-based curriculum is ultimately about preparing learners for life beyond the classroom. With steady planning and a willingness to experiment, every teacher can make that goal real.`,
  },
  {
    key: "free-education-large-classes",
    title: "Free Education, Full Classrooms: Strategies for Teaching Large Classes",
    excerpt:
      "Free education has brought many more children back to school. These classroom routines help teachers keep every learner engaged when numbers are high.",
    categorySlug: "education-news",
    status: "published",
    daysAgo: 6,
    views: 1875,
    image: { hue: 28, label: "Teaching Large Classes" },
    content: `Since the introduction of **free education** from early childhood through secondary school, communities across Zambia have welcomed many children back into classrooms. This is a real achievement. It also means that many teachers now face classes far larger than those they trained for, often with limited desks and books.

Large classes are not a reason to give up on active, caring teaching. They do require different routines.

## Get organised before the lesson starts

### Know your learners quickly

Learning names in a big class takes effort, but it changes behaviour and attention. Try a **seating plan** drawn in your notebook, name cards on desks for the first few weeks, or learning five new names every day.

### Set up permanent groups

Divide the class into groups of five or six that stay together for several weeks. Each group gets a name and a leader. When you say "Group leaders, collect the readers", distribution takes one minute instead of ten.

## Teaching strategies that scale

- **Think–pair–share:** learners think alone, discuss with a neighbour, then a few pairs share with the class. Everyone talks, not just the confident few.
- **Mini whiteboards or slates:** learners write an answer and hold it up, so you can check the whole class at a glance. Cardboard covered in plastic works well.
- **Choral response** for new vocabulary and number facts, followed by individual checks.
- **Peer tutors:** pair faster learners with those who need support for short, structured tasks.

## Marking without drowning

Marking hundreds of exercise books every week is impossible to sustain. Instead:

- Mark **one group's books in depth** each day and rotate through the week
- Use **self-marking** with answers on the board for short exercises
- Give feedback aloud to the whole class on common mistakes

## Looking after the space

A crowded room gets hot and noisy. Open windows early, keep walkways clear so you can reach every learner, and consider taking some lessons **outdoors under a tree** when the weather allows. Many learners concentrate better with space and fresh air.

## Asking for support

Talk to your head teacher about sharing resources across classes, timetabling shared spaces and involving the **Parent-Teacher Association** in making simple furniture or learning aids. Parents are often willing to help when they see a clear, practical need.

Free education opens the door. Thoughtful classroom routines make sure that, once children walk through it, they actually learn.`,
  },
  {
    key: "familiar-language-literacy",
    title: "Reading First: Teaching Early Literacy in a Familiar Language",
    excerpt:
      "Children learn to read fastest in a language they already speak. Practical ideas for early-grade teachers using Bemba, Nyanja, Tonga, Lozi, Kaonde, Lunda or Luvale.",
    categorySlug: "education-news",
    status: "published",
    daysAgo: 11,
    views: 1320,
    image: { hue: 265, label: "Reading in Familiar Languages" },
    content: `Zambian policy encourages teachers in the early grades to teach initial literacy in a **familiar language** — usually one of the seven zonal languages: Bemba, Nyanja, Tonga, Lozi, Kaonde, Lunda and Luvale — before learners transition to English. Research from many countries points in the same direction: children who first learn to read in a language they understand tend to become stronger readers in other languages later.

In practice, this approach brings both opportunities and challenges.

## Why a familiar language helps

When a child already knows the words on the page, all their effort can go into **decoding** — linking letters to sounds. They are not trying to learn to read and learn a new language at the same time. Reading quickly becomes meaningful, and meaning keeps children motivated.

## Challenges teachers face

- Classes in towns often include children who speak **several different home languages**
- Teachers are sometimes posted to areas where they are not fluent in the local language
- Reading materials in some languages are **scarce**, especially storybooks

## Practical classroom strategies

### Teach sounds systematically

Most Zambian languages have very regular spelling, which is a gift for beginning readers. Work through letter sounds and syllables in a clear order, and practise **blending** syllables into words every single day: *ba – na – na*, *ma – ni – nga*.

### Make your own print-rich classroom

You do not need a printer to create reading material:

- **Label objects** in the classroom in the familiar language
- Write short **class stories** on manila paper based on learners' own experiences
- Collect **songs, riddles and proverbs** from parents and turn them into reading charts

### Use the community

If you are not fully fluent in the local language, be honest with learners and invite help. A **parent or grandparent** reading a story aloud once a week can be a highlight of the term. Older learners can also act as reading buddies for younger ones.

### Support mixed-language classes

Where learners speak different home languages, celebrate it. Ask children to share the word for "water" or "school" in their language, and build a **multilingual word wall**. This builds respect while still keeping the main literacy instruction in the agreed language.

## Planning the bridge to English

Transition works best when it is gradual. Introduce **oral English** early through songs and simple conversation, then connect English words to words children can already read. Point out letters and sounds that behave differently in English.

Strong readers are built one sound, one word and one story at a time — and a familiar language gives every child the best possible start.`,
  },
  {
    key: "ecz-exam-preparation",
    title: "Preparing Learners for ECZ Examinations Without the Burnout",
    excerpt:
      "National examinations matter, but endless past papers are not the only path to good results. A term-by-term plan for calmer, more effective revision.",
    categorySlug: "education-news",
    status: "published",
    daysAgo: 17,
    views: 2460,
    image: { hue: 350, label: "Exam Season Ready" },
    content: `Every year, learners sitting national examinations set by the **Examinations Council of Zambia (ECZ)** feel the pressure — and so do their teachers. Results matter for progression, for school rankings and for family pride. Yet many experienced teachers notice that the learners who perform best are not always those who did the most past papers, but those who **understood the work** and arrived at the exam calm and well rested.

## Start early, revise often

### Spread revision across the year

Cramming in the final weeks rarely works. Instead, build short review sessions into normal lessons from the first term. A quick five-question quiz at the start of each lesson on last week's topic keeps knowledge fresh and shows you early who is falling behind.

### Map the syllabus

Create a simple chart listing every topic in the syllabus and tick off when it has been taught and revised. Share it with learners so that they can see **progress, not just pressure**.

## Using past papers wisely

Past papers are valuable, but they are a tool, not the whole plan.

- Use them to teach **question styles and command words** such as *describe*, *explain* and *evaluate*
- Work through questions **together** before asking learners to try alone
- After each paper, spend more time on **reviewing mistakes** than on the score
- Keep full timed mock papers for later in the year, once content is secure

## Teaching exam technique

Many marks are lost not through ignorance but through poor technique. Spend time on:

- **Reading the whole question** and underlining key words
- **Planning time** so that no section is left blank
- Showing working in mathematics and science, where method marks are available
- Writing **clearly and legibly**, especially in long answers

## Protecting wellbeing

### Watch for stress

Some learners become anxious, stop eating well or withdraw from friends in the run-up to exams. Talk openly about stress, and let learners know who they can speak to, such as a **guidance and counselling teacher**.

### Talk to parents

Parents can help by making sure children get enough **sleep, food and a quiet place to study**, and by reducing heavy household chores during the examination period where possible.

## Integrity matters

Remind learners regularly that examination malpractice carries serious consequences and, more importantly, robs them of the chance to show what they truly know. **Honest results** are the only results worth celebrating.

A steady, well-planned year of revision helps learners walk into the examination hall confident, prepared and proud of their own work.`,
  },
  {
    key: "first-rural-posting",
    title: "Thriving in Your First Rural Posting: A Survival Guide for New Teachers",
    excerpt:
      "Recent recruitment drives have sent many newly qualified teachers to rural schools. Advice on settling in, building relationships and looking after yourself.",
    categorySlug: "education-news",
    status: "published",
    daysAgo: 24,
    views: 1690,
    image: { hue: 95, label: "Rural School Life" },
    content: `Recent teacher recruitment drives have brought welcome relief to many understaffed schools, and a large number of newly qualified teachers have been **deployed to rural areas** for the first time. For some, it is a homecoming. For others, it is a big adjustment: long distances, limited electricity or network, and a community where they know nobody.

Rural postings can also be some of the most rewarding years of a teaching career. Here is how to make the most of them.

## Before you arrive

- **Visit or call the school** in advance if possible and ask about housing, water and transport
- Pack a **solar lamp or power bank**, basic medicines and enough supplies for the first few weeks
- Make sure your **documents** — appointment letter, qualifications, NRC and bank details — are complete and copied, so that payroll processing is not delayed

## Settling into the community

### Introduce yourself properly

Pay respect to the **head teacher, local leaders and the Parent-Teacher Association** early on. In many communities, a courtesy visit to the headman or village leader is appreciated and opens many doors.

### Learn the language

Even a few greetings in the local language show respect and help enormously in the classroom, especially in the early grades. Ask learners to teach you a new word each day — they love it.

### Be part of community life

Attend school events, church services or community meetings when invited. Buy from local traders. Teachers who are seen as **part of the community** are trusted, supported and often protected.

## In the classroom

Rural schools often have fewer books and materials, but they are surrounded by learning resources. Use **local farming, rivers, markets and crafts** as the starting point for lessons in science, mathematics and social studies. Multigrade classes are common, so plan activities where older learners can support younger ones.

## Looking after yourself

### Stay connected

Isolation is one of the biggest challenges. Keep in touch with college friends, join **teacher networks** and attend zone meetings. Other new teachers nearby may be feeling exactly the same way.

### Manage money carefully

Plan a simple **monthly budget**, especially in the first months when allowances and salary arrears may take time to settle. Consider joining a trustworthy savings group.

### Keep learning

Use quieter evenings to read, prepare lessons in advance or study for further qualifications. Many teachers look back on their rural years as the time they **grew the most professionally**.

A rural posting is not a punishment. It is a chance to make a lasting difference where it is most needed.`,
  },
  {
    key: "global-classroom-trends",
    title: "Five Global Classroom Trends and What They Mean for Zambian Teachers",
    excerpt: "From foundational learning to climate education, we look at the ideas shaping schools worldwide and how they connect to our own classrooms.",
    categorySlug: "education-news",
    status: "scheduled",
    daysAgo: -3,
    views: 0,
    image: { hue: 190, label: "Global Classroom Trends" },
    content: `Teachers in Lusaka, Lagos, Lima and London face many of the same questions: how do we make sure every child can read and count, how do we prepare learners for a changing world of work, and how do we look after teachers themselves? Looking at **global education trends** can help us see our own challenges with fresh eyes.

## 1. Foundational learning comes first

Across many countries, education systems have recognised that too many children finish the early grades without secure reading and numeracy skills. The response has been a renewed focus on **foundational learning**: structured daily reading lessons, teaching at the right level and frequent simple assessment. Zambia's emphasis on familiar-language literacy fits this trend closely.

## 2. Teaching at the right level

One widely discussed approach groups learners by their **current skill level** rather than their age or grade for part of the day. A short, simple assessment identifies who needs letters, who needs words and who is ready for paragraphs. Many teachers find it transforms engagement in mixed-ability classes.

## 3. Climate and environmental education

Schools worldwide are adding **climate education** to science, geography and even language lessons. For Zambian learners, this connects directly to real experiences:

- Drought and its effect on farming and food prices
- Load-shedding and the link between rainfall and hydro power
- Tree planting, soil care and water harvesting at school

### Classroom idea

Ask learners to interview older relatives about how the rainy season has changed during their lifetime, then compare the stories in class.

## 4. Skills for work and life

Employers everywhere say they value **communication, teamwork, problem-solving and creativity**. Competence-based curricula, including our own, aim to build these skills alongside subject knowledge. Project work, presentations and school enterprises are powerful ways to practise them.

## 5. Teacher wellbeing

Many countries report teacher shortages linked to workload and stress. There is growing recognition that **teacher wellbeing is not a luxury** but a condition for good learning. Peer support groups, manageable marking policies and respect from communities all make a difference.

## What this means for us

Global trends are not recipes to copy. They are **conversations to join**. Zambian teachers already have rich experience of teaching large, multilingual classes with limited resources — experience that teachers elsewhere can learn from too.

- Share what works in your classroom with colleagues
- Adapt ideas to local realities rather than adopting them wholesale
- Keep the focus on what learners can actually do

The best ideas in education often travel in both directions.`,
  },

  // ─────────────────────────────── Health ───────────────────────────────────
  {
    key: "teacher-stress-wellbeing",
    title: "Looking After Yourself: Managing Stress as a Teacher",
    excerpt:
      "Heavy workloads, large classes and financial pressure take a toll. Simple, realistic habits that help teachers protect their mental and physical health.",
    categorySlug: "health",
    status: "published",
    daysAgo: 4,
    views: 1540,
    image: { hue: 160, label: "Teacher Wellbeing Matters" },
    content: `Teaching is one of the most meaningful jobs in the world, and one of the most demanding. Large classes, stacks of marking, long journeys, family responsibilities and money worries can slowly build into **chronic stress**. Left unchecked, it affects sleep, health, relationships and, eventually, the quality of our teaching.

Taking care of yourself is not selfish. It is part of being a good teacher.

## Recognise the warning signs

Stress often creeps up quietly. Watch for:

- **Constant tiredness**, even after a weekend
- Irritability with learners, colleagues or family
- Headaches, stomach problems or frequent illness
- Losing interest in things you used to enjoy
- Dreading the start of each school day

If several of these sound familiar, it is time to make some changes — and possibly to talk to someone.

## Small habits that help

### Protect your sleep

Try to keep a regular bedtime, even during marking season. Put your phone away half an hour before sleep. **Seven to eight hours** is a realistic goal for most adults.

### Move your body

You do not need a gym. A brisk walk in the evening, joining learners in a PE lesson or playing netball or football with colleagues all reduce stress hormones and lift mood.

### Eat regularly

Skipping breakfast and surviving on tea until evening leaves you drained. Simple meals with **nshima, beans, vegetables and fruit in season** give steady energy.

## Manage the workload

- **Plan lessons weekly** rather than the night before
- Use peer marking and rotating marking schedules for large classes
- Learn to say "not this week" to extra duties when you are already stretched
- Break big tasks into **small, finishable steps**

## Build support around you

### Talk to colleagues

Many teachers feel alone with their struggles, while the person in the next classroom is feeling the same. A regular tea-break chat, a **staff wellness group** or an informal prayer or support circle can make a big difference.

### Seek professional help

If you feel overwhelmed, hopeless or unable to cope, please speak to a health worker, counsellor or trusted religious leader. Many health facilities now offer **mental health support**, and asking for help is a sign of strength, not weakness.

## A note for school leaders

Head teachers set the tone. Recognising good work, keeping meetings short and focused, and **sharing duties fairly** all help to create a staff room where people can thrive.

When teachers are well, learners notice — and they learn better too.`,
  },
  {
    key: "menstrual-health-support",
    title: "Keeping Girls in School: Practical Menstrual Health Support",
    excerpt:
      "Many girls miss lessons every month because of periods. Here is how teachers and schools can respond with dignity, simple facilities and open conversation.",
    categorySlug: "health",
    status: "published",
    daysAgo: 14,
    views: 980,
    image: { hue: 330, label: "Menstrual Health Support" },
    content: `In many schools, both in Zambia and around the world, some girls regularly miss days of learning because of their periods. The reasons are familiar: a lack of **sanitary materials**, no private place to change, fear of stains and teasing, and silence around a perfectly normal part of growing up. Over a school year, those missed days add up and can affect confidence and results.

Teachers are in a powerful position to change this.

## Start with open, respectful conversation

### Break the silence

Menstruation is a normal biological process, and it belongs in the classroom as part of health and science education. Teach it **factually and calmly**, using correct terms. When teachers are comfortable, learners relax too.

### Include boys

Boys who understand menstruation are far less likely to tease classmates. Age-appropriate lessons for **all learners** help build a culture of respect.

## Make the school environment supportive

Simple improvements make a real difference:

- **Private, lockable toilets** for girls, with water nearby for washing
- A **covered bin** for the disposal of used pads
- A small **emergency supply** of pads, soap and a spare skirt kept by a trusted female teacher
- Permission for girls to leave class quietly when needed, **without questions in front of others**

## Practical projects

### Reusable pad making

Several organisations and school clubs teach learners to sew **reusable cloth pads** from affordable materials. This can be linked to Home Economics or Expressive Arts, and some schools turn it into a small enterprise project.

### Health clubs

A school health club can run awareness sessions, keep the emergency supply stocked and act as a link between learners and staff.

## Working with parents and the community

Some families hold beliefs or customs around menstruation. Approach these conversations with **respect and sensitivity**. Invite health workers, respected women in the community and PTA members to support awareness sessions. When parents see the benefit to their daughters' education, they often become strong allies.

## Watch for warning signs

Teachers should also be alert to girls who experience **severe pain** or very heavy bleeding, and encourage them to visit a health facility. Sometimes what is dismissed as "normal" needs medical attention.

## Why it matters

Every day a girl spends in class is a day of learning, friendship and opportunity. Supporting menstrual health is a **low-cost, high-impact** way to keep girls in school and help them reach their full potential.`,
  },

  // ─────────────────────────────── Sports ───────────────────────────────────
  {
    key: "pe-with-no-equipment",
    title: "Great PE Lessons With Little or No Equipment",
    excerpt: "No balls, no cones, no problem. Creative physical education ideas for schools with few resources and many enthusiastic learners.",
    categorySlug: "sports",
    status: "published",
    daysAgo: 8,
    views: 1210,
    image: { hue: 45, label: "PE Without Equipment" },
    content: `Physical Education is sometimes the first subject to be squeezed when timetables are full and equipment is scarce. Yet PE builds **fitness, coordination, teamwork and confidence**, and it gives restless learners a healthy outlet for their energy. The good news is that excellent PE lessons need far less equipment than most people think.

## Make your own equipment

With a little creativity, the community can supply almost everything:

- **Balls** made from plastic bags tightly wrapped with string — a classic that every Zambian child knows
- **Cones** from plastic bottles filled with sand
- **Beanbags** from old cloth sewn around dry beans or sand
- **Skipping ropes** from plaited sisal or old tyre strips
- **Targets** drawn on a wall with chalk or charcoal

Involve learners in making equipment during an Expressive Arts or Technology lesson. They will take better care of things they made themselves.

## Structure every lesson

A good PE lesson has three parts:

### Warm-up (5–10 minutes)

Gentle jogging, arm circles and stretching. Simple circle games or **follow-the-leader** get everyone moving quickly.

### Main activity (20–25 minutes)

Focus on one skill: throwing, catching, jumping, balancing or dodging. Break the class into small groups so that **everyone is active**, instead of long queues waiting for a turn.

### Cool-down (5 minutes)

Slow walking, stretching and a short discussion: what did we learn? How did we help our team?

## Game ideas that need nothing

- **Relay races** using a stick or stone as the baton
- **Tag games** with variations — freeze tag, chain tag, shadow tag
- **Traditional playground games** and skipping songs that learners already know from home
- **Fitness circuits**: star jumps, squats, running on the spot, wall sits — each for 30 seconds

## Safety first

Check the playing area for **stones, glass and holes** before each lesson. Make sure learners have drinking water, especially in the hot season, and plan the most strenuous activities for the cooler morning hours.

## Include every learner

Adapt activities so that learners with disabilities, those who are less confident and those recovering from illness can take part. Offer **different roles** — referee, scorekeeper, coach — for learners who cannot join the physical activity on a given day.

## The payoff

Teachers who run regular PE lessons often notice better **concentration and behaviour** in the classroom afterwards. A school that moves together, learns better together.`,
  },
  {
    key: "inclusive-sports-day",
    title: "Planning an Inclusive Inter-House Sports Day",
    excerpt: "Sports days can celebrate every learner, not just the fastest. A step-by-step plan for a well-organised, safe and joyful event.",
    categorySlug: "sports",
    status: "published",
    daysAgo: 33,
    views: 760,
    image: { hue: 5, label: "Inclusive Sports Day" },
    content: `An inter-house sports day is one of the highlights of the school year. Parents come to watch, houses sing their songs, and the whole school buzzes with excitement. But too often, the day is built around a handful of star athletes while most learners sit in the sun watching. With good planning, it can be an event where **every learner takes part and feels proud**.

## Begin planning early

Form a small organising committee of teachers and senior learners at least **six weeks** before the event. Agree on:

- The date, with a back-up in case of rain
- The timetable and order of events
- Roles for staff: starters, judges, recorders, first aid, crowd control
- A budget for ribbons, water and simple prizes

## Design events for everyone

### Mix competitive and fun events

Keep traditional track events such as sprints and relays, but add events that reward teamwork and humour:

- **Sack races** and three-legged races
- **Tug of war** between houses
- **Egg-and-spoon** races (use stones or potatoes)
- **Obstacle courses** built from tyres, benches and ropes

### Adapt for learners with disabilities

Include events where learners with physical or visual impairments can compete fairly, such as **seated throwing**, guided runs with a partner, or target games. Speak with the learners themselves about what they would enjoy.

### Count participation

Award house points not only for winning, but for **participation and sportsmanship**. A house that gets every member into at least one event can earn bonus points.

## Safety and comfort

- Arrange **shade** and a steady supply of drinking water
- Set up a **first aid station** staffed by a trained teacher or local health worker
- Keep younger learners' events early, before the hottest part of the day
- Clearly mark spectator areas so the track stays clear

## Involve the community

Invite parents to cheer, help as marshals or prepare refreshments to sell. Local businesses are sometimes happy to donate water or prizes in exchange for a thank-you at the closing ceremony.

## After the event

Hold a short reflection meeting with the committee. What worked? What should change next year? Record the results and **celebrate achievements** at assembly.

A well-run sports day teaches lessons no classroom can: how to win with grace, lose with dignity and cheer for others.`,
  },

  // ───────────────────────────── Technology ─────────────────────────────────
  {
    key: "one-smartphone-classroom",
    title: "The One-Smartphone Classroom: Teaching With the Device You Already Have",
    excerpt:
      "You do not need a computer lab to bring technology into your lessons. Practical ways to use a single smartphone to enrich teaching, even offline.",
    categorySlug: "technology",
    status: "published",
    daysAgo: 5,
    views: 1980,
    image: { hue: 230, label: "One-Smartphone Classroom" },
    content: `When people talk about technology in education, they often picture computer labs, tablets for every learner and fast internet. For most Zambian schools, that is not today's reality. But most teachers already carry a powerful learning tool in their pocket: a **smartphone**. Used thoughtfully, one phone can transform many lessons.

## Before the lesson

### Download content in advance

Network coverage and data costs are real challenges. Whenever you have a good connection — at a trading centre, during a town visit or on Wi-Fi — **download videos, audio and documents** you will need for the coming weeks. Many educational apps and video platforms allow offline saving.

### Build a digital resource library

Create folders on your phone organised by subject and grade. Store:

- Short educational **videos** (two to five minutes is ideal)
- **Photos** of diagrams, maps and specimens
- **Audio recordings** of stories, songs and pronunciation
- Digital copies of **syllabi and teacher's guides**

## During the lesson

### Show, don't just tell

Pass the phone around small groups to look at a photo of a volcano, a microscope image or a historical document. For larger classes, a small **portable speaker** lets everyone hear audio clearly.

### Record learners

Recording learners reading aloud or presenting is a powerful tool. Playing it back helps them hear their own progress, and it gives you **evidence for continuous assessment**. Always get permission and store recordings securely.

### Use the camera as a science tool

Learners can photograph plant growth each week, record shadows at different times of day, or film an experiment to watch again in slow motion.

## Useful everyday tools

- **Calculator and timer** for mathematics and timed activities
- **Voice notes** to record lesson reflections while walking home
- **Messaging groups** with colleagues to share resources and ideas
- A **dictionary app** that works offline

## Staying safe and responsible

- Protect your phone with a **PIN or password**
- Never share photos of learners on social media without permission from the school and parents
- Keep personal messages and school use clearly separated

## Power and practicality

Keep a **power bank or small solar charger** handy, especially where electricity is unreliable or load-shedding is frequent. Lower screen brightness and close unused apps to save battery.

Technology is not about having the newest equipment. It is about using what you have creatively to help learners **see, hear and understand** more.`,
  },
  {
    key: "ai-lesson-planning",
    title: "Using AI Tools for Lesson Planning — Carefully",
    excerpt:
      "AI chat assistants can save teachers time, but they also make mistakes. A balanced guide to using them as a helper, not a replacement for professional judgement.",
    categorySlug: "technology",
    status: "published",
    daysAgo: 19,
    views: 2310,
    image: { hue: 280, label: "AI for Lesson Planning" },
    content: `Artificial intelligence (AI) chat assistants have quickly become part of everyday conversation, and many teachers are curious — or worried — about what they mean for education. Used wisely, these tools can help with routine planning tasks. Used carelessly, they can spread errors and shortcut real learning.

This guide focuses on **practical, responsible use** by teachers.

## What AI tools can do well

AI assistants are good at producing first drafts quickly. Teachers report finding them useful for:

- Generating **ideas for lesson starters** and class activities
- Drafting **practice questions** at different difficulty levels
- Suggesting **simpler explanations** of a difficult concept
- Rewriting a text for a **lower reading level**
- Creating outlines for letters to parents or meeting agendas

## What they do badly

### They make confident mistakes

AI tools sometimes produce **incorrect facts**, invented references or mathematics with errors, all written in a confident tone. Always check content against the syllabus, textbooks and your own knowledge.

### They do not know your learners

An AI tool does not know that half your class is still learning to read in English, that your school has no electricity, or that the local river is a perfect science resource. **Your professional judgement** is what turns a generic draft into a good lesson.

### They may not reflect local context

Examples may be drawn from other countries, currencies or cultures. Replace them with **Zambian examples** — kwacha prices, local crops, familiar place names — so learners can connect.

## A simple workflow

### Step 1: Be specific

Instead of asking for "a lesson on fractions", describe the grade, the competence, the time available and the resources you have.

### Step 2: Edit ruthlessly

Treat the response as a rough draft. Remove what does not fit, correct errors and add your own activities.

### Step 3: Check alignment

Compare the final plan with the **syllabus and curriculum framework** to make sure it covers the required outcomes.

## Protecting privacy

Never type **learners' names, grades, health information or other personal details** into an online AI tool. Treat anything you enter as potentially public.

## Talking to learners about AI

Older learners may already be using these tools. Discuss openly:

- When using AI is helpful, and when it is **cheating**
- How to check whether information is true
- Why practising skills yourself still matters

AI will not replace teachers. But teachers who understand its strengths and limits will be **better prepared** to guide learners through a changing world.`,
  },
  {
    key: "solar-computer-lab",
    title: "Setting Up a Low-Cost Solar-Powered Computer Corner",
    excerpt:
      "A step-by-step look at how a rural school can plan, fund and maintain a small solar-powered computer corner that keeps working through load-shedding.",
    categorySlug: "technology",
    status: "draft",
    daysAgo: 1,
    views: 0,
    image: { hue: 55, label: "Solar Computer Corner" },
    content: `For schools without reliable electricity, computer studies can feel like a subject taught entirely from the chalkboard. A **small solar-powered computer corner** — even with just a few devices — can give learners hands-on experience that no diagram can match. It also keeps working during load-shedding.

This guide outlines the main steps. Always seek advice from a **qualified solar technician** before buying or installing equipment.

## Step 1: Start with a clear purpose

Decide what the computers will be used for. Typical goals include:

- Teaching **basic computer skills**: typing, saving files, using a word processor
- Giving learners access to **offline educational content**
- Supporting teachers with **record keeping and lesson preparation**

A clear purpose helps you choose the right equipment and explain the project to funders.

## Step 2: Choose energy-efficient devices

Laptops, small single-board computers and tablets use far less power than old desktop machines with large monitors. **Low power use** means fewer solar panels and batteries, which keeps costs down.

## Step 3: Size the solar system

### Estimate your needs

List each device, how much power it uses and how many hours a day it will run. A technician can use this to recommend the size of panels, battery and charge controller.

### Plan for cloudy days

In the rainy season, several cloudy days in a row are common. A slightly **larger battery** gives a safety margin.

## Step 4: Secure the room

Equipment theft is a real risk. Consider:

- **Burglar bars** on windows and a strong door with a good lock
- Panels mounted securely, out of easy reach
- A clear **sign-in register** for anyone using the room
- Involving the community in protecting the investment

## Step 5: Add offline content

Without internet, content must be stored locally. Options include **offline encyclopaedias**, downloaded educational videos and the school's own collection of syllabi and past papers. Update content whenever someone travels to a place with good connectivity.

## Step 6: Plan for maintenance

### Keep it clean

Dust is the enemy of both panels and computers. Train a **student technology club** to clean panels weekly and cover devices after use.

### Budget for replacements

Batteries wear out after several years. Set aside a little money each term, perhaps from small fees for printing or typing services to the community.

## Funding ideas

- Proposals to **NGOs and development partners** active in your district
- Support from **former pupils** now working in towns
- Fundraising through school events and PTA contributions

A few well-maintained devices, used every day, can open a window to the wider world for an entire school community.`,
  },

  // ─────────────────────────── Entrepreneurship ─────────────────────────────
  {
    key: "school-garden-enterprise",
    title: "From School Garden to School Business: Teaching Entrepreneurship Through Agriculture",
    excerpt:
      "A vegetable garden can become a living classroom for business skills. How to turn planting, selling and record-keeping into a real learning enterprise.",
    categorySlug: "entrepreneurship",
    status: "published",
    daysAgo: 9,
    views: 1430,
    image: { hue: 120, label: "Garden to Business" },
    content: `Many Zambian schools already have a garden or a piece of unused land. With some planning, that land can become far more than a source of vegetables: it can be a **living classroom for entrepreneurship**, where learners practise planning, budgeting, marketing and teamwork with real money and real customers.

## Why agriculture works so well

Farming is familiar to most learners and their families. It connects naturally to science, mathematics, social studies and business. And it produces something the local community actually wants to buy — **fresh rape, tomatoes, onions, cabbage and impwa** are always in demand.

## Setting up the enterprise

### Form a business club

Invite interested learners to form an enterprise club. Elect a **chairperson, secretary and treasurer**, and write a simple constitution together. This alone teaches leadership and accountability.

### Do market research

Before planting anything, learners should find out:

- What vegetables sell well at the **local market** and when
- Who the likely customers are: teachers, parents, nearby households, the school kitchen
- What prices competitors charge in different seasons

### Write a business plan

Keep it to one or two pages: what you will grow, what it will cost, how much you expect to earn and **who is responsible** for each task.

## Running the business

### Keep records

Every seed packet, watering can and sale should be recorded in a **cash book**. Learners can calculate profit and loss at the end of each harvest. This is mathematics with a purpose.

### Manage water

Water is often the biggest challenge. Explore **drip irrigation** from recycled bottles, mulching to keep soil moist and planting in the cooler season.

### Market creatively

Learners can design posters, take orders from staff in advance or set up a small stall at the school gate on market day.

## What to do with profits

Decide together at the start how profits will be used. Popular options include:

- Reinvesting in **better seeds and tools**
- Contributing to a **school need**, such as sports kits or books
- Sharing a small amount among members as a reward

## Linking to the curriculum

The garden supports competence-based learning across subjects: measuring plots in mathematics, studying plant growth in science, writing advertisements in English and learning about **cooperatives and markets** in social studies.

## The bigger lesson

Above all, a school garden enterprise shows learners that **they can create opportunities** for themselves. That confidence will serve them long after the last harvest.`,
  },
  {
    key: "entrepreneurship-club-market-day",
    title: "Running a Classroom Market Day to Build Business Skills",
    excerpt: "A single well-planned market day can teach budgeting, pricing, customer service and teamwork. Here is how to organise one step by step.",
    categorySlug: "entrepreneurship",
    status: "published",
    daysAgo: 27,
    views: 640,
    image: { hue: 15, label: "Classroom Market Day" },
    content: `A **market day** is one of the most exciting and memorable ways to teach entrepreneurship. Learners design a product or service, work out costs and prices, sell to real customers and reflect on what they learned. It fits well within the entrepreneurship and business-related competences of the revised curriculum, and it can be adapted for upper primary as well as secondary learners.

## Step 1: Brainstorm business ideas

Put learners into small teams and ask them to list products or services that people in the school community might buy. Good ideas are **simple, low-cost and safe**:

- Homemade snacks such as roasted groundnuts or popcorn
- **Handmade crafts**: bead bracelets, woven mats, greeting cards
- Recycled products such as bags made from old chitenge fabric
- Services like shoe polishing or hair braiding (with parental permission)

## Step 2: Plan and budget

### Calculate costs

Each team lists every item they need and its price. Encourage them to look for **free or recycled materials** to keep costs low.

### Set a price

Discuss how to set a price that covers costs, gives a small profit and is still affordable for customers. This is a natural moment to practise **percentages and simple profit calculations**.

### Agree on start-up money

Teams can pool small contributions, or the class can agree on a small, equal start-up amount that is paid back after the market.

## Step 3: Prepare and market

Learners make their products, design **price labels and posters**, and plan how to present their stall. Practise customer service through role-play: greeting customers, explaining the product and giving correct change.

## Step 4: Market day

Invite other classes, teachers and parents. Set clear rules:

- **Food hygiene**: clean hands, covered food, no sharing of utensils
- Honest pricing and **accurate change**
- Tidy stalls and a clean-up at the end

## Step 5: Reflect and report

The learning really happens afterwards. Ask each team to calculate their **income, costs and profit**, and to answer:

- What sold well, and why?
- What would you change next time?
- How well did your team work together?

Teams can present their findings to the class, practising **communication skills** at the same time.

## Extending the idea

Some schools turn market day into a termly event, with the best teams receiving mentoring from local business owners. Others link it to savings clubs, teaching learners to **save part of their profit**.

A market day shows learners that business is not only for adults in town. With an idea, a plan and some courage, **anyone can start**.`,
  },

  // ──────────────────────────── Ask Kafundisha ──────────────────────────────
  {
    key: "ask-kafundisha-absent-learner",
    title: 'Ask Kafundisha: "A Learner in My Class Keeps Missing School. What Can I Do?"',
    excerpt: "A Grade 5 teacher asks how to help a bright learner who is absent several days a week. Our columnist suggests a patient, step-by-step approach.",
    categorySlug: "ask-kafundisha",
    status: "published",
    daysAgo: 13,
    views: 1105,
    image: { hue: 200, label: "Ask Kafundisha" },
    content: `*Each month, Kafundisha answers questions sent in by teachers. Names and details are changed to protect privacy.*

## The question

> "I teach Grade 5 at a peri-urban school. One of my learners is very bright, but this term she has been absent two or three days every week. When she comes, she is quiet and tired. I have warned her that she will fail, but nothing changes. What should I do?"
>
> — *A worried teacher, Central Province*

## Kafundisha replies

Dear worried teacher,

Thank you for noticing. Many children drift out of school quietly because nobody asked the right question in time. The fact that you are concerned already makes a difference.

### Start with curiosity, not warnings

Warnings about failing are understandable, but they rarely solve the problem, because the learner often has **little control** over the reasons she is absent. Instead, find a calm moment to talk privately. Try something like: "I have missed you in class. Is everything all right at home?" Then listen.

### Look for the real reason

Frequent absence usually has a cause. Common ones include:

- **Caring for a sick relative** or younger siblings
- Working to earn money for the family, especially in hard seasons
- **Hunger**, illness or lack of sleep
- Problems such as bullying, or not having a uniform or sanitary materials
- In some cases, **abuse or exploitation** — which must be reported

### Involve the family

Arrange a respectful meeting or home visit with a colleague, if it is safe and appropriate. Parents and guardians are often struggling themselves. Approach them as **partners**, not as people to blame.

### Use the school's support systems

Inform your head teacher and the **guidance and counselling teacher**. Your school may be able to link the family with social welfare services, community organisations or school feeding support. If you suspect abuse, follow the school's child protection procedures immediately.

### Help her catch up

When she attends, make sure she feels **welcome, not embarrassed**. Pair her with a kind classmate who can share notes, and give her short, manageable catch-up tasks rather than everything she missed.

### Keep records

Note the dates of absence and any conversations. This helps you see patterns and supports any referral you make.

## A final word

You may not be able to solve every problem in this child's life, but you can make school a place where she feels **seen and valued**. Sometimes that is exactly what keeps a child coming back.

Warm regards,
**Kafundisha**

*Have a question for Kafundisha? Send it through our contact page.*`,
  },
  {
    key: "nyanja-reading-grade-4",
    title: "Tiwerenge: Chisomo ndi Munda (Giredi 4)",
    excerpt: "[Demo text] Nkhani yaifupi ndi mafunso owerenga a ana a Giredi 4, m'Chinyanja.",
    categorySlug: "education-news",
    status: "published",
    daysAgo: 21,
    views: 214,
    image: { hue: 150, label: "Tiwerenge: Grade 4 Reading" },
    language: "ny",
    content: `[Demo text]

**Giredi 4 · Chinyanja · Kuwerenga**

## Nkhani: Chisomo ndi Munda

Chisomo ali ndi munda pafupi ndi sukulu. Tsiku lililonse amathirira masamba ndi madzi. Mvula itabwera, masamba anakula bwino. Anzake a m'kalasi anabwera kudzaona munda wake.

## Mafunso

1. Chisomo ali ndi chiyani pafupi ndi sukulu?
2. Amathirira masamba ndi chiyani?
3. Nchiyani chinachitika mvula itabwera?

_This is demo text, marked as such: it stands in for a Grade 4 reading lesson written by a fluent Chinyanja teacher, and shows how a lesson in a Zambian language is found under Lesson Resources (Grade 4 · Chinyanja · Reading)._`,
  },
];

export const demoTeam: DemoTeamMember[] = [
  {
    name: "Mwila Chanda",
    position: "Editor-in-Chief",
    bio: "Mwila taught English and Literature in Kasama and Lusaka for over a decade before moving into education journalism. She leads the editorial team and is passionate about telling the stories of teachers in rural schools.",
    orderIndex: 0,
    active: true,
  },
  {
    name: "Joseph Mutale Banda",
    position: "Senior Education Writer",
    bio: "Joseph is a former primary school head teacher from Eastern Province who now writes about curriculum reform, literacy and school leadership. He believes good policy only matters when it reaches the classroom.",
    orderIndex: 1,
    active: true,
  },
  {
    name: "Chipo Tembo",
    position: "Community Manager",
    bio: "Chipo looks after our reader community, moderates comments and runs the Teacher Swaps notice board. She previously coordinated teacher networks for a community education programme in Copperbelt Province.",
    orderIndex: 2,
    active: true,
  },
  {
    name: "Bwalya Musonda",
    position: "Technology Editor",
    bio: "Bwalya is a computer studies teacher and self-taught developer who helps schools make the most of low-cost technology. He writes about practical digital tools that work even with limited connectivity.",
    orderIndex: 3,
    active: true,
  },
  {
    name: "Natasha Mwiinga",
    position: "Health & Wellness Contributor",
    bio: "Natasha is a trained nurse and school health advocate from Southern Province. She writes about learner and teacher wellbeing, nutrition and school health clubs.",
    orderIndex: 4,
    active: true,
  },
  {
    name: "Lubasi Nyambe",
    position: "Sports Correspondent",
    bio: "Lubasi is a PE teacher and netball coach from Western Province who covered school sport for the magazine during its first year. He is currently on study leave.",
    orderIndex: 5,
    active: false,
  },
];

export const demoComments: DemoComment[] = [
  {
    articleKey: "cbc-in-your-classroom",
    content:
      "The three-level checklist idea is brilliant. I tried it with my Grade 4 class this week and it made continuous assessment so much easier to manage.",
    status: "approved",
    byReader: true,
  },
  {
    articleKey: "cbc-in-your-classroom",
    content: "Our zone is still waiting for the new learner books. Does anyone have tips for teaching the revised syllabus while materials are short?",
    status: "pending",
    byReader: false,
  },
  {
    articleKey: "free-education-large-classes",
    content:
      "Permanent groups with named leaders saved my sanity. Distribution of books used to take half the lesson. Thank you for sharing these practical ideas.",
    status: "approved",
    byReader: false,
  },
  {
    articleKey: "ecz-exam-preparation",
    content: "Very helpful. I would add that a short breathing exercise before mock exams helps anxious learners settle. We do it every time now.",
    status: "approved",
    byReader: true,
  },
  {
    articleKey: "one-smartphone-classroom",
    content:
      "I record my learners reading every fortnight and play it back to them. The improvement they can hear in their own voices motivates them more than any mark.",
    status: "approved",
    byReader: false,
  },
  {
    articleKey: "teacher-stress-wellbeing",
    content: "Needed this today. Our staff has started a Friday walking group after school and it has really lifted the mood in the staff room.",
    status: "pending",
    byReader: true,
  },
  {
    articleKey: "school-garden-enterprise",
    content: "We started a garden club last term and sold rape to teachers every Friday. The learners were so proud when they calculated their first profit!",
    status: "pending",
    byReader: true,
  },
  {
    articleKey: "pe-with-no-equipment",
    content: "Plastic-bag balls are still the best! Our learners also made bottle cones and we use them for dribbling drills.",
    status: "approved",
    byReader: false,
  },
  {
    articleKey: "ai-lesson-planning",
    content: "EARN K5,000 DAILY FROM HOME!!! Click my profile link now for guaranteed income, limited slots available!!!",
    status: "rejected",
    byReader: false,
  },
  {
    articleKey: "ask-kafundisha-absent-learner",
    content:
      "This is such a compassionate answer. A home visit helped me understand why one of my boys was missing school — he was looking after his grandmother.",
    status: "approved",
    byReader: true,
  },
];

/** Staff with a public author profile: their articles say "By {name}". The photo is their team portrait. */
export interface DemoAuthor {
  key: string;
  name: string;
  slug: string;
  bio: string;
  /** Index in demoTeam, whose portrait is the author's photo. */
  teamIndex: number;
}

export const demoAuthors: DemoAuthor[] = [
  {
    key: "joseph",
    name: "Joseph Mutale Banda",
    slug: "joseph-mutale-banda",
    bio: "Former head teacher from Eastern Province, writing about curriculum, literacy and school leadership.",
    teamIndex: 1,
  },
  {
    key: "bwalya",
    name: "Bwalya Musonda",
    slug: "bwalya-musonda",
    bio: "Computer studies teacher and technology editor: practical digital tools that work with little connectivity.",
    teamIndex: 3,
  },
  {
    key: "natasha",
    name: "Natasha Mwiinga",
    slug: "natasha-mwiinga",
    bio: "Nurse and school health advocate from Southern Province, on learner and teacher wellbeing.",
    teamIndex: 4,
  },
];

/** Who wrote which demo article (the others are by "The Educator"). */
export const demoArticleAuthors: Record<string, string> = {
  "cbc-in-your-classroom": "joseph",
  "free-education-large-classes": "joseph",
  "familiar-language-literacy": "joseph",
  "ecz-exam-preparation": "joseph",
  "global-classroom-trends": "joseph",
  "teacher-stress-wellbeing": "natasha",
  "menstrual-health-support": "natasha",
  "one-smartphone-classroom": "bwalya",
  "ai-lesson-planning": "bwalya",
  "solar-computer-lab": "bwalya",
  "school-garden-enterprise": "bwalya",
};

/** Each demo article's tags, in order. */
export const demoArticleTags: Record<string, string[]> = {
  "cbc-in-your-classroom": ["Curriculum", "Lesson planning", "Assessment"],
  "free-education-large-classes": ["Large classes", "Classroom management", "Policy"],
  "familiar-language-literacy": ["Literacy", "Local languages", "Early grades"],
  "ecz-exam-preparation": ["Exams", "Assessment", "Wellbeing"],
  "first-rural-posting": ["Rural schools", "New teachers", "Wellbeing"],
  "global-classroom-trends": ["Curriculum", "Digital learning", "Policy"],
  "teacher-stress-wellbeing": ["Wellbeing", "Teacher life"],
  "menstrual-health-support": ["Girls education", "School health", "Inclusion"],
  "pe-with-no-equipment": ["PE", "Low-cost ideas", "Lesson planning"],
  "inclusive-sports-day": ["PE", "Inclusion", "School events"],
  "one-smartphone-classroom": ["Digital learning", "Low-cost ideas", "Rural schools"],
  "ai-lesson-planning": ["Digital learning", "Lesson planning", "AI"],
  "solar-computer-lab": ["Digital learning", "Rural schools"],
  "school-garden-enterprise": ["Entrepreneurship", "Agriculture", "Projects"],
  "entrepreneurship-club-market-day": ["Entrepreneurship", "Projects", "School events"],
  "ask-kafundisha-absent-learner": ["Attendance", "Parents", "Rural schools"],
};

/** Outside writers with a guest byline: no account, a page of their own. */
export const demoGuestAuthors = [
  {
    key: "chanda",
    name: "Chanda Phiri",
    bio: "Grade 4 teacher in Kasama who runs a reading club in Icibemba after school.",
  },
];

/** Bylines after the writer's own: staff authors by key, guests as "guest:{key}". */
export const demoExtraBylines: Record<string, string[]> = {
  "familiar-language-literacy": ["guest:chanda"],
  "solar-computer-lab": ["joseph"],
};

/** The demo articles' level, subjects (slugs of the seeded subjects) and resource type, where they fit. */
export const demoCurriculum: Record<string, { level?: string; subjects?: string[]; resourceType?: string }> = {
  "cbc-in-your-classroom": { resourceType: "guide" },
  "familiar-language-literacy": { level: "grade-1", subjects: ["literacy", "zambian-languages"], resourceType: "guide" },
  "ecz-exam-preparation": { level: "grade-12", resourceType: "assessment" },
  "pe-with-no-equipment": { level: "grade-4", subjects: ["physical-education"], resourceType: "lesson-plan" },
  "inclusive-sports-day": { subjects: ["physical-education"] },
  "one-smartphone-classroom": { subjects: ["computer-studies"], resourceType: "guide" },
  "ai-lesson-planning": { resourceType: "lesson-plan" },
  "school-garden-enterprise": { level: "form-2", subjects: ["agricultural-science", "commerce-and-business-studies"], resourceType: "scheme-of-work" },
  "entrepreneurship-club-market-day": { level: "grade-6", subjects: ["social-studies", "mathematics"], resourceType: "lesson-plan" },
  "nyanja-reading-grade-4": { level: "grade-4", subjects: ["literacy", "zambian-languages"], resourceType: "reading" },
};

export interface DemoTranslation {
  /** The demo article it translates (its key); it shares its category, cover, byline and curriculum. */
  of: string;
  language: "ny" | "bem";
  title: string;
  excerpt: string;
  content: string;
}

const demoTranslationNote =
  "_This is demo text, marked as such: it stands in for a translation by a fluent teacher and shows how The Educator links an article to its translations. Read the English original for the full article._";

/** Two demo articles, each with a Nyanja and a Bemba version: clearly marked demo text, linked as translations. */
export const demoTranslations: DemoTranslation[] = [
  {
    of: "familiar-language-literacy",
    language: "ny",
    title: "Kuwerenga Choyamba: Kuphunzitsa Kuwerenga m'Chinyanja",
    excerpt: "[Demo translation] Ana amaphunzira kuwerenga mofulumira m'chilankhulo chimene amachidziwa.",
    content: `[Demo translation]

Ana amaphunzira kuwerenga mofulumira m'chilankhulo chimene amachidziwa kale.

- Phunzitsani mawu ndi masilabo tsiku lililonse: *ba – na – na*.
- Lembani nkhani zazifupi za m'kalasi.
- Itanani makolo kuti awerengere ana nkhani.

${demoTranslationNote}`,
  },
  {
    of: "familiar-language-literacy",
    language: "bem",
    title: "Ukubelenga Pa Kubala: Ukusambilisha Ukubelenga mu Cibemba",
    excerpt: "[Demo translation] Abana basambilila ukubelenga bwangu mu lulimi ulo baishiba.",
    content: `[Demo translation]

Abana basambilila ukubelenga bwangu mu lulimi ulo baishiba kale.

- Sambilisheni amashiwi na masilabo cila bushiku: *ba – na – na*.
- Lembeni ifilandwa ifyipi ifya mu kalasi.
- Ita abafyashi ukubelengela abana ifilandwa.

${demoTranslationNote}`,
  },
  {
    of: "pe-with-no-equipment",
    language: "ny",
    title: "Maphunziro Abwino a PE Opanda Zipangizo",
    excerpt: "[Demo translation] Masewera ndi maphunziro a thupi ndi zinthu zimene zili pafupi.",
    content: `[Demo translation]

Simufunikira zipangizo zambiri kuti muphunzitse PE bwino.

- Gwiritsani ntchito miyala, zingwe ndi mabotolo.
- Yambani ndi kutenthetsa thupi.
- Ana onse azitenga nawo mbali.

${demoTranslationNote}`,
  },
  {
    of: "pe-with-no-equipment",
    language: "bem",
    title: "Amasambililo Ayawama aya PE Ukwabula Ifipe",
    excerpt: "[Demo translation] Amangalo na masambililo ya mubili ne fintu ifili apepi.",
    content: `[Demo translation]

Tamulekabila ifipe ifingi pa kusambilisha PE bwino.

- Bomfeni amabwe, intambo na mabotolo.
- Tendekeni no kukafya umubili.
- Abana bonse bangalila pamo.

${demoTranslationNote}`,
  },
];
