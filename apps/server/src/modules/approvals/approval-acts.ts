import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { SignedInAccount } from '../../plugins/auth';
import type { APPROVAL_KINDS } from '../../db/schema';

export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** One payment as the maker saw it: who, how much, to which account (and from which, when the details changed). */
export interface FrozenLine {
  /** The member the line names: the approvals list warns when one member is named by two waiting requests. */
  accountId: string | null;
  fullName: string;
  email: string | null;
  bankName: string | null;
  accountNumberLast4: string | null;
  previousBankName?: string | null;
  previousAccountNumberLast4?: string | null;
  /** When the member saved the bank details paid (ISO): details saved later are not the ones approved. */
  bankDetailsSavedAt?: string | null;
  amountKobo: number;
  /** The act's own id for the line (a payout's id), if it has one. */
  ref?: number;
}

/** What the maker saw when asking, kept with the request: the checker approves this, and approval carries out this. */
export interface FrozenPreview {
  lines: FrozenLine[];
}

/** A line of the preview that approval did not carry out, because it changed since the request. */
export interface LeftOutLine {
  fullName: string;
  reason: string;
}

/** What the checker reads, worked out when the maker asks. */
export interface ApprovalDescription {
  summary: string;
  targetAccountId: string | null;
  amountKobo: number | null;
  /** Acts that move money freeze what the maker saw; the amount is then the preview's total. */
  preview?: FrozenPreview;
}

/**
 * What the acts use, not the whole app (decision 0050): the database, the settings, the payment provider and the
 * work it runs after answering, the plans' matrix and the log. The app satisfies it, so callers pass `app`.
 */
export type ActDeps = Pick<
  FastifyInstance,
  'db' | 'config' | 'payments' | 'paymentWork' | 'planMatrix' | 'planSimulations' | 'log'
>;

/** What the approvals' own services use: the acts' deps and the acts themselves. The app satisfies it. */
export type ApprovalDeps = ActDeps & Pick<FastifyInstance, 'approvalActs'>;

/** What an act carried out at the end of its notice knows: nobody approved it. */
export interface NoticeContext {
  deps: ActDeps;
  maker: SignedInAccount;
  askedAt: Date;
}

export interface ActContext {
  deps: ActDeps;
  /** The maker as the services expect a signed-in administrator: the act is done in their name. */
  maker: SignedInAccount;
  checkerId: string;
  /** The preview frozen when the maker asked, and when that was. */
  preview: FrozenPreview | null;
  askedAt: Date;
}

/**
 * One act that waits for a second administrator, registered by the module that owns it. Approvals keeps the
 * request, the four-eyes rule and the audit; the act checks and describes itself when asked, and carries itself
 * out when approved (checking again, since things change meanwhile).
 */
export interface ApprovalAct<Payload> {
  kind: ApprovalKind;
  /** The start of the request's key: the same form submission again answers the first request. */
  keyPrefix: string;
  /**
   * What the request is about (a month's run, a member's cash-out): while one request for a subject waits, asking
   * again answers that one. Null: requests of this act do not exclude each other.
   */
  subjectKey(payload: Payload, description: ApprovalDescription): string | null;
  /**
   * Acts whose whole effect is database writes run inside the approval's own transaction (a savepoint), so the
   * approval and the act commit together or not at all. An act that calls the bank runs after the approval is
   * committed and relies on its own once-only key.
   */
  inApprovalTransaction: boolean;
  /** Refuses at once what cannot be approved (an unknown member, an empty wallet); answers what the checker reads. */
  describe(deps: ActDeps, maker: SignedInAccount, payload: Payload): Promise<ApprovalDescription>;
  /** The result is kept with the request; a `leftOut: LeftOutLine[]` in it is shown to the administrators. */
  carryOut(payload: Payload, context: ActContext, tx: Tx): Promise<Record<string, unknown>>;
  /** Refuses (throws) a checker who may not approve this request for a reason beyond being its maker. */
  assertCheckerMay?(request: { targetAccountId: string | null }, checkerId: string): void;
  /**
   * Checked when a checker approves, before anything is carried out: a refusal (a DomainError) leaves the request
   * waiting, for what its maker can still put right (a plan draft's simulation, decision 0061).
   */
  assertApprovable?(payload: Payload, deps: ActDeps, tx: Tx): Promise<void>;
  /**
   * The act changes who can approve (decision 0038): the administrator it names (its target) may neither approve
   * nor decline it. Their decline is kept as an objection, mailed to every administrator, and the request still waits.
   */
  concernsAdministrator?: boolean;
  /**
   * A notice period: the request takes effect when it ends, with no checker, unless an administrator other than its
   * maker and its target declines it first (another may also approve it at once). Carried out by the job runner.
   */
  notice?: {
    hours(deps: Pick<ActDeps, 'config'>): number;
    carryOut(payload: Payload, context: NoticeContext, tx: Tx): Promise<Record<string, unknown>>;
  };
  /**
   * Sets aside at once what approval will use (a cash-out's wallet money), in the request's own transaction, so
   * nothing else spends it meanwhile; answers the kobo held. Refuses (throws) when it cannot: no request is made.
   */
  hold?(
    payload: Payload,
    context: { approvalId: number; maker: SignedInAccount },
    tx: Tx,
  ): Promise<{ heldKobo: number }>;
  /**
   * Gives back what `hold` set aside when the request ends without being carried out (declined, withdrawn by its
   * maker, or failed), in that decision's transaction, once; answers what it did, in words for the maker.
   */
  release?(payload: Payload, context: ReleaseContext, tx: Tx): Promise<string | null>;
}

/** Why a request ends without being carried out, for the act's release and the words it tells. */
export interface ReleaseContext {
  approvalId: number;
  outcome: 'declined' | 'withdrawn' | 'failed';
  /** The decline reason or the failure's message. */
  reason: string;
}

/** The acts of this app, by kind; each module adds its own when its routes are registered. */
export class ApprovalActs {
  private readonly acts = new Map<ApprovalKind, ApprovalAct<never>>();

  add<Payload>(act: ApprovalAct<Payload>) {
    if (this.acts.has(act.kind)) throw new Error(`the approval act ${act.kind} is registered twice`);
    this.acts.set(act.kind, act as unknown as ApprovalAct<never>);
  }

  private invitationAccepted: SQL | undefined;

  /**
   * Whether an invited administrator accepted, as a condition (the administrators module owns the invitations and
   * registers it): with SINGLE_ADMIN_APPROVAL, approvals apply from then on (`needsSecondAdministrator`).
   */
  useInvitationAccepted(condition: SQL) {
    this.invitationAccepted = condition;
  }

  invitationAcceptedSql(): SQL {
    if (!this.invitationAccepted)
      throw new Error('the administrators module registered no invitation condition');
    return this.invitationAccepted;
  }

  private readonly cards = new Map<ApprovalKind, (payloadSql: SQL) => SQL>();

  /**
   * A module adds what the card of a kind shows beyond the request (a plan version: its draft's simulation), as a
   * jsonb column of the approvals' own statement over `r.payload`: a list reads it in that one statement.
   */
  useCard(kind: ApprovalKind, column: (payloadSql: SQL) => SQL) {
    this.cards.set(kind, column);
  }

  /** The cards' column for a statement over approval_requests `r` (null for kinds without one). */
  cardSql(): SQL {
    if (this.cards.size === 0) return sql`null::jsonb`;
    const branches = [...this.cards].map(
      ([kind, column]) => sql`when ${kind} then ${column(sql`r.payload`)}`,
    );
    return sql`(case r.kind ${sql.join(branches, sql` `)} else null::jsonb end)`;
  }

  of(kind: ApprovalKind): ApprovalAct<unknown> {
    const act = this.acts.get(kind);
    if (!act) throw new Error(`no module registered the approval act ${kind}`);
    return act as unknown as ApprovalAct<unknown>;
  }
}
