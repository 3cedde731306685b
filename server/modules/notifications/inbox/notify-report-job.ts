// A report job someone started from the dashboard finished or failed: its creator (created_by "user:<id>") gets an
// inbox notification linking to the reports page. Jobs of API clients and schedules notify nobody here (the client
// has /reporting, a schedule mails its file). The creator must still be a member of the account. Never throws: the
// job's outcome is recorded already, and a lost notification is logged.
import { db } from "../../../db/client";
import { log } from "../../../log";
import { addInboxNotification } from "./add-inbox-notification";

const USER_CREATOR = /^user:(\d{1,12})$/;

export async function notifyReportJobOutcome(jobId: number): Promise<void> {
  try {
    const job = await db().reportJob.findUnique({
      where: { id: jobId },
      select: { id: true, accountId: true, type: true, format: true, status: true, createdBy: true, errorMessage: true, account: { select: { key: true } } },
    });
    const creator = job ? USER_CREATOR.exec(job.createdBy) : null;
    if (!job || !creator || (job.status !== "done" && job.status !== "failed")) return;
    const userId = Number(creator[1]);
    const member = await db().membership.findFirst({ where: { userId, accountId: job.accountId }, select: { id: true } });
    if (!member) return;
    const what = `${job.type.replaceAll("_", " ")} report (${job.format.toUpperCase()})`;
    const done = job.status === "done";
    await addInboxNotification({
      accountId: job.accountId,
      userId,
      kind: "report_job",
      title: done ? `Your ${what} is ready` : `Your ${what} failed`,
      body: done ? "Download it from Reports within 24 hours." : (job.errorMessage ?? "The report could not be made."),
      link: `/a/${job.account.key}/reports`,
      refs: { report_job_id: job.id, status: job.status },
    });
  } catch (error) {
    log("inbox").warn({ err: error, jobId }, "report job notification not added");
  }
}
