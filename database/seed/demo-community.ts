// Ask Kafundisha as a first start shows it: questions teachers asked, with the answers others gave.
// Askers and answerers are the demo accounts by key ("reader", or an author's key), or null for a
// question asked without an account.

export interface DemoAnswer {
  by: string;
  body: string;
}

export interface DemoQuestion {
  title: string;
  categories: string[];
  description: string;
  by: string | null;
  daysAgo: number;
  answers: DemoAnswer[];
}

export const demoQuestions: DemoQuestion[] = [
  {
    title: "How do I keep a class of 70 Grade 3 learners engaged during reading lessons?",
    categories: ["classroom-management"],
    description:
      "I have 70 learners and 20 readers. Half the class waits while a group reads aloud, and the noise grows. What routines have worked for you in large classes?",
    by: "reader",
    daysAgo: 1,
    answers: [
      {
        by: "joseph",
        body: "Split the class into reading circles of seven with a **circle leader** each. Give the circles that are not reading with you a task they can do alone: copying new words, drawing the story, or reading to each other in pairs.",
      },
      {
        by: "natasha",
        body: "A short movement break every 15 minutes helped my Grade 3s more than anything. Stand up, stretch, sit down, continue.",
      },
    ],
  },
  {
    title: "What counts as evidence for continuous assessment under the competence-based curriculum?",
    categories: ["assessment", "curriculum"],
    description: "Our head teacher wants a file per learner. Must everything be written, or can I record what I observe in practical lessons?",
    by: "bwalya",
    daysAgo: 2,
    answers: [
      {
        by: "joseph",
        body: "Observation counts. Keep a simple checklist per topic with the competences down the side and learners across the top, and date each tick. Add a few samples of written work per term.",
      },
    ],
  },
  {
    title: "Which free offline apps work well for teaching Mathematics on one shared tablet?",
    categories: ["technology"],
    description: "Our school has one tablet and no internet. I teach Grade 5 Mathematics. Which apps work without data and are worth the space?",
    by: "reader",
    daysAgo: 3,
    answers: [
      {
        by: "bwalya",
        body: "Download Kolibri at the district office once: it carries Khan Academy Mathematics offline. Project the tablet through a phone-sized mirror box, or rotate groups of five around it during practice time.",
      },
      { by: "joseph", body: "GeoGebra's offline app is good for shapes and fractions from Grade 5 up." },
    ],
  },
  {
    title: "How can I prepare for an interview for a deputy head teacher post?",
    categories: ["career"],
    description: "I have an interview next month. What questions do panels ask, and how should I show leadership when I have only led a department?",
    by: "natasha",
    daysAgo: 4,
    answers: [
      {
        by: "joseph",
        body: "Panels ask about discipline, timetabling and how you support weaker teachers. Bring one story for each: what the problem was, what you did, and what changed.",
      },
    ],
  },
  {
    title: "Teaching fractions when there are no learner books",
    categories: ["curriculum"],
    description: "Grade 4 fractions start next week and we have one teacher's guide. How do you teach it with what is around the school?",
    by: "reader",
    daysAgo: 5,
    answers: [
      { by: "joseph", body: "Bottle tops in two colours: 3 red out of 4 tops is 3/4. Learners collect them for a week before the topic starts." },
      { by: "bwalya", body: "Fold paper strips into halves, quarters and eighths, and keep them as a fraction wall on the classroom wall." },
      { by: "natasha", body: "Sharing food fairly at break time makes the idea stick. Oranges work well." },
    ],
  },
  {
    title: "Managing stress and workload before ECZ examinations",
    categories: ["wellbeing"],
    description: "Every year the weeks before ECZ examinations leave me exhausted. How do other teachers plan revision without working every weekend?",
    by: "bwalya",
    daysAgo: 6,
    answers: [
      {
        by: "natasha",
        body: "Plan revision backwards from the first paper and share the timetable with your colleagues, so learners are not given five past papers on the same night.",
      },
      { by: "reader", body: "I stopped marking every past paper myself. Learners mark each other's with the marking key, and I check a sample." },
    ],
  },
  {
    title: "Setting up a reading corner with local and donated materials",
    categories: ["classroom-management", "curriculum"],
    description: "We received a box of donated books. How do I set up a reading corner that lasts, in a classroom that is also used by another shift?",
    by: "reader",
    daysAgo: 8,
    answers: [
      {
        by: "joseph",
        body: "Use a lockable trunk and a reading mat instead of shelves. Add books learners make themselves in Icibemba or Chinyanja: they are read more than the donated ones.",
      },
    ],
  },
  {
    title: "How do I help a learner who stopped coming after her mother died?",
    categories: ["wellbeing"],
    description: "A Grade 7 girl has missed two weeks. Her aunt says she cares for her younger siblings now. What can a class teacher do?",
    by: "natasha",
    daysAgo: 9,
    answers: [
      {
        by: "natasha",
        body: "Visit with the guidance teacher, and ask the head to contact the social welfare office about support for the household. Let her know the class is waiting for her and keep her work aside.",
      },
    ],
  },
  {
    title: "Is it worth getting a degree while teaching full time?",
    categories: ["career"],
    description: "I hold a diploma and teach at a rural primary school. Distance learning is expensive. Did a degree change your career?",
    by: "reader",
    daysAgo: 10,
    answers: [{ by: "bwalya", body: "It opened promotion to secondary for me. Ask the district about study leave with pay before you pay fees yourself." }],
  },
  {
    title: "Phones in the classroom: ban them or use them?",
    categories: ["technology", "classroom-management"],
    description: "Some Grade 11 learners bring smartphones. The school rule says none, but they could help with research. What do your schools do?",
    by: "bwalya",
    daysAgo: 12,
    answers: [
      {
        by: "bwalya",
        body: "Our rule: phones stay in bags unless the lesson plan says otherwise. When we use them, learners work in pairs so nobody is left out.",
      },
      {
        by: "joseph",
        body: "Agree a written class rule with the learners and the parents at the start of the term. It is easier to enforce what they agreed to.",
      },
    ],
  },
  {
    title: "How do you teach in Chinyanja when learners speak five different home languages?",
    categories: ["curriculum"],
    description: "My Grade 1 class in Lusaka has children who speak Bemba, Tonga, Lozi and Nyanja at home. How do I use the familiar language policy fairly?",
    by: "reader",
    daysAgo: 14,
    answers: [
      {
        by: "joseph",
        body: "Teach in the zone language, but let learners explain ideas to each other in any language first. Make a word wall with the same word in each home language: the children love finding theirs.",
      },
    ],
  },
  {
    title: "Ideas for a low-cost science practical on electricity",
    categories: ["curriculum", "technology"],
    description: "We have no laboratory. How can Grade 8 learners build circuits with what we can find locally?",
    by: null,
    daysAgo: 15,
    answers: [
      {
        by: "bwalya",
        body: "Old torch bulbs, used batteries that still hold a little charge, and foil from sweet wrappers as wires. Test the batteries first.",
      },
    ],
  },
  {
    title: "How do I mark 90 exercise books every night?",
    categories: ["assessment", "wellbeing"],
    description: "Grade 6, every subject. How do other teachers give useful feedback without marking until midnight?",
    by: "reader",
    daysAgo: 17,
    answers: [
      { by: "natasha", body: "Mark one subject's books in depth each day, and tick the others for completion. Learners know which day is theirs." },
      { by: "joseph", body: "Whole-class feedback: note the three most common mistakes and start the next lesson with them." },
    ],
  },
  {
    title: "What should go in a scheme of work for the new Form 1?",
    categories: ["curriculum"],
    description: "I will teach the first Form 1 class under the 2023 framework. Is there a template, and how detailed should each week be?",
    by: "bwalya",
    daysAgo: 19,
    answers: [
      {
        by: "joseph",
        body: "Per week: the topic, the specific competences, the activities, the materials and how you will assess. Keep it to one line per column; the lesson plans hold the detail.",
      },
    ],
  },
  {
    title: "How can we raise money for a school library without asking parents?",
    categories: ["career"],
    description: "Parents in our community cannot pay more. What has worked for other schools: gardens, events, grants?",
    by: "natasha",
    daysAgo: 21,
    answers: [{ by: "bwalya", body: "Our production unit sells seedlings from the school garden. Two seasons paid for two shelves of books." }],
  },
  {
    title: "Supporting a learner with poor eyesight in a crowded classroom",
    categories: ["classroom-management", "wellbeing"],
    description: "A learner in my Grade 2 class squints at the board. The family cannot afford an eye test yet. What can I do in the meantime?",
    by: "reader",
    daysAgo: 24,
    answers: [
      {
        by: "natasha",
        body: "Seat her in the front row away from the window glare, write larger, and read aloud what you write. The district health office runs free school eye screenings: ask when the next one is.",
      },
    ],
  },
  {
    title: "Does group work really help learners in examination classes?",
    categories: ["assessment"],
    description: "My Grade 12 learners say group work wastes time they need for past papers. Is there evidence either way?",
    by: "bwalya",
    daysAgo: 27,
    answers: [],
  },
  {
    title: "How do I start a school radio club with no equipment?",
    categories: ["technology"],
    description: "Learners want to record programmes for the community radio station. We have two phones. Where do we start?",
    by: "reader",
    daysAgo: 2,
    answers: [],
  },
  {
    title: "How do you handle late-coming when learners walk 8 km to school?",
    categories: ["classroom-management"],
    description: "Punishing them feels wrong, but the first lesson is always disrupted. What works in rural schools?",
    by: null,
    daysAgo: 1,
    answers: [],
  },
  {
    title: "Which teacher unions help with transfer requests?",
    categories: ["career"],
    description: "I have asked for a transfer to be nearer my family for two years. Can a union help, and which one should I join?",
    by: "natasha",
    daysAgo: 3,
    answers: [],
  },
];
