// The demo magazine's downloadable resources: short, usable classroom documents attached to demo
// articles (by their key in demo-content.ts). app/server/demo/demo-resources.server.ts writes them
// as real PDF and ODT files when the demo is loaded.

export interface DemoResourceSection {
  heading: string;
  /** Paragraphs; a line starting with "- " is a list item. */
  lines: string[];
}

export interface DemoResource {
  articleKey: string;
  title: string;
  resourceType: "lesson-plan" | "scheme-of-work" | "worksheet" | "assessment" | "reading" | "guide";
  format: "pdf" | "odt";
  fileName: string;
  sections: DemoResourceSection[];
}

export const demoResources: DemoResource[] = [
  {
    articleKey: "pe-with-no-equipment",
    title: "Relay games with no equipment: a 40-minute lesson plan",
    resourceType: "lesson-plan",
    format: "pdf",
    fileName: "relay-games-lesson-plan.pdf",
    sections: [
      {
        heading: "Lesson details",
        lines: ["Grade 4 Physical Education. 40 minutes. Class of up to 60 learners in teams of 6.", "Space: the school ground, marked with stones or sticks."],
      },
      {
        heading: "Learning outcomes",
        lines: [
          "- Run, hop and side-step over 20 metres with control.",
          "- Take turns and encourage team mates.",
          "- Explain one way warming up protects the body.",
        ],
      },
      {
        heading: "Warm-up (8 minutes)",
        lines: ["Follow the leader around the ground: walk, jog, skip, then stretch arms, legs and back.", "Ask: why do we warm up before we run?"],
      },
      {
        heading: "Main activity (22 minutes)",
        lines: [
          "- Relay 1: run to the far stone and back, touch the next runner's hand.",
          "- Relay 2: hop on the left foot there, on the right foot back.",
          "- Relay 3: carry a rolled-up exercise book between the knees (no hands).",
          "Teams who finish first sit down and cheer for the others.",
        ],
      },
      {
        heading: "Cool-down and reflection (10 minutes)",
        lines: [
          "Slow walk and breathing. Each team names one thing they did well together.",
          "Assessment: watch for control when changing direction; note learners who need support.",
        ],
      },
    ],
  },
  {
    articleKey: "familiar-language-literacy",
    title: "Syllable cards for the first term",
    resourceType: "worksheet",
    format: "pdf",
    fileName: "syllable-cards.pdf",
    sections: [
      {
        heading: "How to use the cards",
        lines: [
          "Cut out the cards. Hold up one syllable at a time; the class reads it aloud, then claps it.",
          "Join two or three cards to make words in the familiar language of your class.",
        ],
      },
      { heading: "Syllables with a", lines: ["ba   ka   la   ma   na   pa   sa   ta"] },
      { heading: "Syllables with i", lines: ["bi   ki   li   mi   ni   pi   si   ti"] },
      { heading: "Syllables with u", lines: ["bu   ku   lu   mu   nu   pu   su   tu"] },
      { heading: "Words to build", lines: ["- ba-na-na", "- ma-ka-ka", "- ka-lu-lu", "- mu-si-ka"] },
    ],
  },
  {
    articleKey: "ecz-exam-preparation",
    title: "Six-week revision timetable",
    resourceType: "assessment",
    format: "pdf",
    fileName: "revision-timetable.pdf",
    sections: [
      {
        heading: "Weeks 1 and 2: find the gaps",
        lines: ["- One past paper per subject under exam conditions.", "- Mark together; each learner lists their three weakest topics."],
      },
      {
        heading: "Weeks 3 and 4: close the gaps",
        lines: ["- Short lessons on the weakest topics of the class.", "- Ten-minute quizzes at the start of every lesson."],
      },
      {
        heading: "Weeks 5 and 6: practise",
        lines: ["- A full past paper each week, timed.", "- Exam technique: reading the question, planning answers, checking work."],
      },
    ],
  },
  {
    articleKey: "nyanja-reading-grade-4",
    title: "Chisomo ndi Munda: nkhani ndi mafunso (demo)",
    resourceType: "reading",
    format: "pdf",
    fileName: "chisomo-ndi-munda.pdf",
    sections: [
      {
        heading: "Nkhani: Chisomo ndi Munda",
        lines: [
          "Chisomo ali ndi munda pafupi ndi sukulu. Tsiku lililonse amathirira masamba ndi madzi. Mvula itabwera, masamba anakula bwino. Anzake a m'kalasi anabwera kudzaona munda wake.",
        ],
      },
      {
        heading: "Mafunso",
        lines: ["- Chisomo ali ndi chiyani pafupi ndi sukulu?", "- Amathirira masamba ndi chiyani?", "- Nchiyani chinachitika mvula itabwera?"],
      },
      { heading: "Demo text", lines: ["This stands in for a Grade 4 reading lesson written by a fluent Chinyanja teacher."] },
    ],
  },
  {
    articleKey: "entrepreneurship-club-market-day",
    title: "Market day lesson plan (editable)",
    resourceType: "lesson-plan",
    format: "odt",
    fileName: "market-day-lesson-plan.odt",
    sections: [
      {
        heading: "Lesson details",
        lines: ["Grade 6 Social Studies and Mathematics. Two lessons of 40 minutes before the market day."],
      },
      {
        heading: "Lesson 1: planning the stall",
        lines: ["- Groups choose one product they can make from local materials.", "- They list the costs of materials and set a price that makes a profit."],
      },
      {
        heading: "Lesson 2: keeping records",
        lines: ["- Each group draws a sales table: item, price, number sold, money received.", "- Practise giving change with play money."],
      },
      {
        heading: "After the market day",
        lines: ["Groups work out their profit and present what they would change next time."],
      },
    ],
  },
  {
    articleKey: "school-garden-enterprise",
    title: "Scheme of work: the school garden, Term 1",
    resourceType: "scheme-of-work",
    format: "odt",
    fileName: "school-garden-scheme-of-work.odt",
    sections: [
      {
        heading: "Weeks 1 to 4",
        lines: ["- Choosing the site, measuring beds, testing the soil.", "- Making compost from school and kitchen waste."],
      },
      {
        heading: "Weeks 5 to 8",
        lines: ["- Planting rape, tomatoes and onions; a watering rota.", "- Recording growth in a class chart each week."],
      },
      {
        heading: "Weeks 9 to 12",
        lines: ["- Harvesting, pricing and selling to the school community.", "- Keeping accounts: costs, sales and profit for the next season."],
      },
    ],
  },
];
