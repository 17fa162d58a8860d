import { sql, type SQL } from "drizzle-orm";
import { questionCategories } from "#app/lib/inbox-schema";
import { selectRows, type AppDb } from "#app/server/db/types.server";

/** The entries of a list written one a line, or several a line between `separator`s. */
const listOf = (text: string, separator?: string) =>
  text
    .split("\n")
    .flatMap((line) => (separator ? line.split(separator) : [line]))
    .map((entry) => entry.trim())
    .filter(Boolean);

// The words teachers' questions and answers are made of. A question names a topic in its title and
// mentions it and others in its description; topics early in the list come up far more often than
// those late in it (as in any real forum), so a search finds a few hundred questions or many thousands.
const topics = listOf(
  `
  reading comprehension, fractions, classroom behaviour, large classes, lesson plans, phonics, exam preparation, homework
  group work, continuous assessment, the new curriculum, marking load, noise levels, late coming, absenteeism, spelling
  times tables, creative writing, science experiments, teaching aids, parents' meetings, slow readers, learners with disabilities
  teacher wellbeing, burnout, career guidance, promotion, transfers, further studies, first-year teaching, mentoring, staff meetings
  rural postings, textbook shortages, local languages, English as a second language, bullying, phones in class, cheating
  seating plans, classroom rules, rewards and praise, exam anxiety, report cards, schemes of work, long division, handwriting
  grammar, public speaking, map reading, civic education, agriculture, home economics, music lessons, physical education
  computer studies, coding, tablets in class, WhatsApp groups, online marking, dyslexia, hearing loss, gifted learners, counselling
  school feeding, menstrual health, salary delays, a diploma upgrade, a degree by distance, head teachers, teaching practice
  boarding schools, community schools, chalkboard work, local materials, library corners, reading clubs, debate club, sports day
  school gardens, climate change, entrepreneurship, financial literacy, photosynthesis, the water cycle, Zambian history
  netball practice, art projects, Bemba lessons, Nyanja lessons
`,
  ",",
);

const titles = listOf(`
  How do I teach %s to Grade %g learners?
  Any tips for %s?
  What works for %s in a large class?
  How can I make %s interesting?
  Struggling with %s: where do I start?
  Best way to assess %s?
  How do other schools handle %s?
  Is it worth spending time on %s?
  Help with %s in a rural school
  How do I explain %s to parents?
  Ideas for %s without a projector?
  How much time should %s take each week?
  Should I worry about %s in Grade %g?
  Resources for %s in local languages?
  What do you do about %s?
`);

const questionSentences = listOf(`
  My learners find %s very difficult.
  I have tried a few things for %s but the results are poor.
  We have over 60 learners in one class, so %s is hard to manage.
  Our school has no books on %s.
  The head teacher wants better results in %s this term.
  I am in my second year of teaching and %s still worries me.
  Parents keep asking me about %s.
  Last term I used group work for %s and it went badly.
  Some colleagues say %s is a waste of time.
  I would like practical ideas for %s that I can use tomorrow.
  Do you manage %s with your Grade %g class?
  Our district inspector commented on %s during a visit.
  There is no electricity at our school, which makes %s harder.
  How do you keep records of %s?
  I teach at a community school and %s is new to us.
  The learners in Grade %g are not interested in %s.
  I spend most evenings on %s and I am tired.
  What has worked for you with %s?
`);

const answerSentences = listOf(`
  In my class I start %s with a short game.
  What helped me most with %s was pairing strong and weak learners.
  Try splitting %s into ten-minute parts.
  We made teaching aids for %s from bottle tops and cardboard.
  I keep a simple record book for %s.
  Talk to the parents early about %s.
  Our school runs a club after lessons for %s.
  Be patient: %s took my learners a whole term.
  The ministry guidelines on %s are a good start.
  Ask the learners to explain %s to each other.
  I use local examples for %s, like the market and the farm.
  Praise effort, not only marks, when you work on %s.
  A weekly quiz on %s keeps everyone on track.
  I had the same problem with %s in my first year.
  Our head teacher let us share lessons on %s between classes.
  Keep it short and practical; %s does not need a long lecture.
  With Grade %g I write the steps of %s on the board every day.
`);

const firstNames = "Mwila Chanda Bwalya Mutale Natasha Joseph Grace Memory Peter Agnes Kelvin Ruth Moses Esther Daniel Precious".split(" ");
const lastNames = "Banda Phiri Mwale Tembo Zulu Lungu Mulenga Chilufya Sakala Ngoma Kapata Mumba Siame Chola".split(" ");

/** Searches of this data: two words of one topic (about 3% of questions hold both), and a word more than half hold. */
export const sampleSearches = { words: "seating plans", common: "learners", category: "assessment" } as const;

/** Staff accounts (editors): the first users; their answers are "Kafundisha answers". */
const staffCount = 20;
/** The answers of the question the benchmark opens. */
export const answersOnTheQuestion = 50;

export interface CommunitySizes {
  questions: number;
  answers: number;
  users: number;
}

export interface FilledCommunity {
  /** The question with exactly `answersOnTheQuestion` published answers. */
  question: { id: string; slug: string };
  /** The teacher who voted most on its answers. */
  voterId: string;
  votes: number;
  accepted: number;
}

const words = (list: readonly string[]) => sql`string_to_array(${list.join("|")}, '|')`;
/** The word lists as text[] columns of a `vocab` row, made once per statement (the statements below select from it as `v`). */
const vocabulary = sql`vocab as (
  select ${words(topics)} as topics, ${words(titles)} as titles, ${words(questionSentences)} as question_sentences,
         ${words(answerSentences)} as answer_sentences, ${words(firstNames)} as first_names, ${words(lastNames)} as last_names,
         ${words(questionCategories.map((category) => category.value))} as categories)`;
/** One of `list` (a text[]), those early in it far more often. */
const skewed = (list: SQL) => sql`${list}[1 + floor(power(random(), 1.7) * cardinality(${list}))::int]`;
const anyOf = (list: SQL) => sql`${list}[1 + floor(random() * cardinality(${list}))::int]`;
/** A row's id from its number: the same in every statement, so answers and votes find theirs without a lookup. */
const benchId = (kind: string, number: SQL) => sql`md5(${`bench-${kind}-`}::text || ${number})::uuid`;
const user = (number: SQL) => benchId("user", number);
const teacherName = (number: SQL) =>
  sql`v.first_names[1 + ${number} % ${firstNames.length}::int] || ' ' || v.last_names[1 + (${number} / ${firstNames.length}::int) % ${lastNames.length}::int]`;
/** As questionSlug (app/lib/community.ts) makes one, as migration 0029 wrote it in SQL. */
const slugOf = (title: SQL) =>
  sql`coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(${title}), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'question')`;

/**
 * How many answers question `rank` has (0 is the benchmark's question): ranks 1… share the
 * other answers as an exponential spread does (the first has about 12 times the mean, about one
 * question in twenty has none), counted as differences of one cumulative sum, so they add up exactly.
 */
function answerCounts(sizes: CommunitySizes) {
  const spread = sizes.answers - answersOnTheQuestion;
  const others = sizes.questions - 1;
  const cumulative = (rank: SQL) =>
    sql`(case when ${rank} <= 0 then 0 else floor(${spread}::float8 * ((${rank})::float8 / ${others}::float8) * (1 - ln((${rank})::float8 / ${others}::float8))) end)`;
  const answersOf = (rank: SQL) =>
    sql`(case when ${rank} = 0 then ${answersOnTheQuestion}::int else (${cumulative(rank)} - ${cumulative(sql`${rank} - 1`)})::int end)`;
  // The same sum in JavaScript, to cut the answers into chunks of about `chunk` (progress only).
  const jsCumulative = (rank: number) => (rank <= 0 ? 0 : Math.floor(spread * (rank / others) * (1 - Math.log(rank / others))));
  function chunks(chunk: number): [number, number][] {
    const ranges: [number, number][] = [];
    let start = 0;
    for (let rank = 1; rank <= others; rank++) {
      if (jsCumulative(rank) - jsCumulative(start - 1) >= chunk || rank === others) {
        ranges.push([start, rank]);
        start = rank + 1;
      }
    }
    return ranges;
  }
  return { answersOf, chunks };
}

/** A statement with change triggers and foreign-key checks off (`session_replication_role`), as a restore runs. */
async function bulk(db: AppDb, seed: number, statement: SQL) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`select setseed(${seed}::float8)`);
    await tx.execute(statement);
  });
}

/**
 * Fills an empty, migrated database with an Ask Kafundisha community in set-based statements:
 * `users` teachers (the first 20 staff), `questions` published questions over the last year, and
 * `answers` published answers spread over them with votes (each vote a community_votes row) and
 * accepted answers; one question, published three days ago, has exactly 50 answers. Each
 * question's answer_count is the number of its answers; the figures are counted once at the end. The rows are consistent, so the
 * foreign-key checks and the change triggers (a notification per row) are off while they go in.
 */
export async function generateCommunity(db: AppDb, sizes: CommunitySizes, now: Date, progress: (line: string) => void): Promise<FilledCommunity> {
  if (sizes.questions < 2 || sizes.answers < answersOnTheQuestion || sizes.users < staffCount + 10) {
    throw new Error(`at least 2 questions, ${answersOnTheQuestion} answers and ${staffCount + 10} users`);
  }
  const at = sql`${now.toISOString()}::timestamptz`;
  const teachers = sizes.users - staffCount;
  /** A teacher who is not staff, some far more active than others. */
  const someTeacher = sql`(${staffCount}::int + 1 + floor(power(random(), 1.5) * ${teachers}::int))::int`;

  await bulk(
    db,
    0.1,
    sql`with ${vocabulary},
        added as (
          insert into users (id, email, password_hash, email_verified_at, created_at)
          select ${user(sql`u`)}, 'teacher-' || u || '@bench.example', 'no sign-in', ${at} - interval '400 days', ${at} - interval '400 days'
          from generate_series(1, ${sizes.users}::int) u
          returning 1)
        insert into profiles (id, display_name, role, created_at, updated_at)
        select ${user(sql`u`)}, ${teacherName(sql`u`)}, case when u <= ${staffCount}::int then 'editor' else 'user' end, ${at} - interval '400 days', ${at} - interval '400 days'
        from generate_series(1, ${sizes.users}::int) u cross join vocab v`,
  );
  progress(`${sizes.users.toLocaleString("en-US")} teachers (${staffCount} staff)`);

  const { answersOf, chunks } = answerCounts(sizes);
  const categoryCount = questionCategories.length;
  const questionChunk = 25_000;
  for (let start = 0; start < sizes.questions; start += questionChunk) {
    const end = Math.min(sizes.questions, start + questionChunk) - 1;
    // Question 0 (the benchmark's) was published three days ago, the others over the last year; a third
    // have a second category; about a third of answered questions have their first answer accepted.
    await bulk(
      db,
      0.2 + start / sizes.questions / 10,
      sql`with ${vocabulary},
          picked as (
            select n, ${skewed(sql`v.topics`)} as topic, ${answersOf(sql`n`)} as answers, ${user(someTeacher)} as user_id,
                   case when n = 0 then ${at} - interval '3 days' else ${at} - random() * interval '365 days' end as published_at
            from generate_series(${start}::int, ${end}::int) n cross join vocab v),
          titled as (
            select p.*, replace(replace(${anyOf(sql`v.titles`)}, '%s', topic), '%g', (1 + (n * 7) % 12)::text) as title
            from picked p cross join vocab v)
          insert into community_questions
            (id, title, categories, description, user_id, read_at, status, slug, published_at, answer_count, accepted_answer_id, created_at)
          select ${benchId("question", sql`n`)}, title,
                 case when n % 3 = 0 then array[v.categories[1 + n % ${categoryCount}::int], v.categories[1 + (n % ${categoryCount}::int + 1 + n % ${categoryCount - 1}::int) % ${categoryCount}::int]]
                      else array[v.categories[1 + n % ${categoryCount}::int]] end,
                 (select string_agg(replace(replace(${anyOf(sql`v.question_sentences`)}, '%s', case when random() < 0.5 then topic else ${skewed(sql`v.topics`)} end),
                                            '%g', (1 + (n + sentence) % 12)::text), ' ')
                  from generate_series(1, 2 + n % 5) sentence),
                 user_id, published_at, 'published', ${slugOf(sql`title`)}, published_at, answers,
                 case when answers > 0 and (n = 0 or random() < 0.35) then ${benchId("answer", sql`n || '-1'`)} end,
                 published_at
          from titled cross join vocab v`,
    );
    progress(`${(end + 1).toLocaleString("en-US")} questions`);
  }

  for (const [index, [first, last]] of chunks(100_000).entries()) {
    // Answers come mostly soon after their question, 1 in 30 from staff; each vote is a row of
    // community_votes, from as many different teachers.
    await bulk(
      db,
      0.5 + index / 1000,
      sql`with ${vocabulary},
          numbered as (
            select r, k, q.id as question_id, q.published_at,
                   case when random() < 1.0 / 30 then 1 + floor(random() * ${staffCount}::int)::int else ${someTeacher} end as author
            from generate_series(${first}::int, ${last}::int) r
            join community_questions q on q.id = ${benchId("question", sql`r`)}
            cross join lateral generate_series(1, ${answersOf(sql`r`)}) k),
          written as (
            select r, k, question_id, author, ${teacherName(sql`author`)} as author_name,
                   published_at + (${at} - published_at) * power(random(), 4) as created_at,
                   (select string_agg(replace(replace(${anyOf(sql`v.answer_sentences`)}, '%s', ${skewed(sql`v.topics`)}), '%g', (1 + (r + k + line) % 12)::text), ' ')
                    from generate_series(1, 2 + (r + k) % 5) line) as body,
                   floor(power(random(), 3) * 5)::int as votes
            from numbered cross join vocab v),
          added as (
            insert into community_answers (id, question_id, user_id, author_name, by_staff, body, body_html, status, votes, published_at, created_at, updated_at)
            select ${benchId("answer", sql`r || '-' || k`)}, question_id, ${user(sql`author`)}, author_name, author <= ${staffCount}::int,
                   body, '<p>' || body || '</p>', 'published', votes, created_at, created_at, created_at
            from written
            returning id, votes, created_at)
          insert into community_votes (answer_id, user_id, created_at)
          select added.id, ${user(sql`(1 + (hashtext(added.id::text)::bigint + 2147483648 + voter) % ${sizes.users}::int)`)}, added.created_at
          from added cross join lateral generate_series(1, added.votes) voter`,
    );
    progress(`answers of ${(last + 1).toLocaleString("en-US")} questions`);
  }

  // The figures, answer votes and posters the triggers keep (off while filling), as a restore ends.
  progress("the community's figures");
  await db.execute(sql`select community_recount()`);

  const [fill] = await selectRows<{ id: string; slug: string; votes: number; accepted: number }>(
    db,
    sql`select id, slug, (select count(*) from community_votes)::int as votes,
               (select count(*) from community_questions where accepted_answer_id is not null)::int as accepted
        from community_questions where id = ${benchId("question", sql`0`)}`,
  );
  const [voter] = await selectRows<{ userId: string }>(
    db,
    sql`select v.user_id as "userId" from community_votes v join community_answers a on a.id = v.answer_id
        where a.question_id = ${fill!.id} group by v.user_id order by count(*) desc, v.user_id limit 1`,
  );
  return { question: { id: fill!.id, slug: fill!.slug }, voterId: voter?.userId ?? (await firstTeacher(db)), votes: fill!.votes, accepted: fill!.accepted };
}

async function firstTeacher(db: AppDb): Promise<string> {
  const [row] = await selectRows<{ id: string }>(db, sql`select id from profiles where role = 'user' order by id limit 1`);
  return row!.id;
}

export interface CommunityCheck {
  questions: number;
  answers: number;
  /** Questions whose answer_count differs from a count of their published answers. */
  countMismatches: number;
  /** Published answers of the benchmark's question. */
  onTheQuestion: number;
}

/** What the database holds, counted directly. */
export async function checkCommunity(db: AppDb, questionId: string): Promise<CommunityCheck> {
  const [row] = await selectRows<CommunityCheck>(
    db,
    sql`select (select count(*) from community_questions where status = 'published')::int as questions,
               (select count(*) from community_answers where status = 'published')::int as answers,
               (select count(*) from community_questions q
                where q.answer_count <> (select count(*) from community_answers a where a.question_id = q.id and a.status = 'published'))::int as "countMismatches",
               (select count(*) from community_answers where question_id = ${questionId} and status = 'published')::int as "onTheQuestion"`,
  );
  return row!;
}
