import { PlanSchema } from '@reelwright/core';
import { setPlan } from './accounts/service';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { addNewsItem, isNewsUrl } from './news/service';
import { addTutorial, listTutorials, removeTutorial, tutorialProblem } from './tutorials/service';

const usage = `Usage: npm run admin -- <command>
  set-plan EMAIL PLAN     set a member's plan (free, paid, business)
  add-news TEXT [URL]     add an item to the news feed
  add-tutorial GROUP TITLE URL [--name first|intro] [--thumbnail URL]
                          add a training video (GROUP: Intro, Business, Advanced, Other)
  list-tutorials          list the training videos
  remove-tutorial ID      remove a training video`;

/** Operator commands; returns the process exit code. */
export async function runAdmin(config: Config, args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const database = openDatabase(config);
  await database.migrate();
  try {
    switch (command) {
      case 'set-plan': {
        const [email, planArg] = rest;
        const plan = PlanSchema.safeParse(planArg);
        if (!email || !plan.success) {
          console.error(`set-plan needs an e-mail and one of: ${PlanSchema.options.join(', ')}.\n${usage}`);
          return 2;
        }
        const member = await setPlan(database.db, { email, plan: plan.data });
        if (!member) {
          console.error(`No member with the e-mail ${email}.`);
          return 1;
        }
        console.log(`${member.email} is now on the ${member.plan} plan.`);
        return 0;
      }
      case 'add-news': {
        const [text, url] = rest;
        if (!text?.trim()) {
          console.error(`add-news needs the text.\n${usage}`);
          return 2;
        }
        if (url && !isNewsUrl(url.trim())) {
          console.error(`The news link must be an http(s) address.\n${usage}`);
          return 2;
        }
        const item = await addNewsItem(database.db, { text, url });
        console.log(`News item ${item.id} added.`);
        return 0;
      }
      case 'add-tutorial': {
        const [group = '', title = '', url = '', ...flags] = rest;
        const option = (flag: string) => {
          const at = flags.indexOf(flag);
          return at >= 0 ? (flags[at + 1] ?? '') : undefined;
        };
        const input = { group, title, url, name: option('--name'), thumbnailUrl: option('--thumbnail') };
        const problem = tutorialProblem(input);
        if (problem) {
          console.error(`${problem}\n${usage}`);
          return 2;
        }
        const tutorial = await addTutorial(database.db, input);
        console.log(`Tutorial ${tutorial.id} added to ${tutorial.group}.`);
        return 0;
      }
      case 'list-tutorials': {
        for (const t of await listTutorials(database.db)) {
          console.log(`${t.id}\t${t.group}\t${t.name ?? ''}\t${t.title}\t${t.url}`);
        }
        return 0;
      }
      case 'remove-tutorial': {
        const id = Number(rest[0]);
        if (!Number.isInteger(id) || id < 1) {
          console.error(`remove-tutorial needs the tutorial's id (see list-tutorials).\n${usage}`);
          return 2;
        }
        if (!(await removeTutorial(database.db, id))) {
          console.error(`No tutorial with the id ${id}.`);
          return 1;
        }
        console.log(`Tutorial ${id} removed.`);
        return 0;
      }
      default:
        console.error(usage);
        return 2;
    }
  } finally {
    await database.close();
  }
}
