/**
 * Every error type the API answers with (`error.type` of a failure envelope).
 * The spec names most of them; the rest are the product's own, named in docs/spec/contract.md's spirit.
 */
export const errorTypes = [
  // sessions and permissions
  'NoAuth',
  'Unauthorized',
  'NotAuthorized',
  'BadOrigin',
  // input and routing
  'BadInput',
  'NotFound',
  'DBError',
  // login
  'UserNotFound',
  'BadToken',
  'OldToken',
  'TooSoon',
  'BadCode',
  'OldCode',
  'TooManyAttempts',
  /** The SMS provider did not take the login code's text (docs/contract-extensions.md). */
  'TextNotSent',
  /** Too many texts to this number (3 an hour, 6 a day; half of them for requests from addresses the account never signed in from) or from the site today. */
  'TextLimit',
  /** The account's phone is not a North American number, the only ones texted. */
  'BadPhone',
  /** Login by texted code is turned off on this server (TEXT_LOGIN=off). */
  'TextLoginOff',
  /**
   * A login link or code opened in a browser signed in to another account: nothing was spent or
   * changed; `current` and `next` name both accounts' emails, and POST …/continue switches.
   */
  'OtherAccountSignedIn',
  // booking and payments
  'AlreadyExists',
  'CourseNotFound',
  'PackageNotFound',
  /** A package bought (a lot of hours) that does not exist. */
  'LotNotFound',
  'MeetingNotFound',
  'SlotNotFound',
  'OfferingNotFound',
  'SeatTaken',
  'AlreadyBooked',
  /** Booking with hours (pay_with=credits) and none of the session's size left. */
  'NoCredits',
  'CardDeclined',
  'PaymentFailed',
  'PaymentNotFound',
  'SubscriptionNotFound',
  'TooLate',
  // availability and meetings
  'Overlap',
  'EarlyAnchor',
  'MeetingNotStarted',
  /** A meeting whose duration was changed cannot be moved into the future (spec 2 §5). */
  'DurationChanged',
  /** A meeting that has started does not move, and only a supervisor cancels it (server/domain/meetings/meeting-rules.ts). */
  'MeetingStarted',
  /** A booked meeting moved earlier must start 12 hours or more from now; moved later, an hour or more. */
  'MoveTooSoon',
  /** A duration above 180 minutes (the booked hour and two extra). */
  'DurationTooLong',
  /** Overtime is entered once the booked hour has ended. */
  'MeetingNotEnded',
  /** The duration can no longer change: 48 hours have passed since the booked hour ended. */
  'DurationClosed',
  /** A supervisor's cancel of a session that has started needs a reason, which is kept. */
  'ReasonRequired',
  /** Only an overtime charge that went through, and was not refunded, can be refunded by a supervisor. */
  'NotRefundable',
  /** A summary once submitted is not cleared to empty (a tutor is paid for a session with one); a new one replaces it. */
  'SummaryCannotBeCleared',
  /** Attendance, homework and the private note are filed once the meeting has started. */
  'LessonNotStarted',
  /** The time falls on one of the tutor's days off (`error.day_off` is it): no hour is added or moved there. */
  'OnDayOff',
  /** The days asked for meet days off the tutor has already (`error.day_off` is the first of them). */
  'DayOffOverlap',
  'DayOffNotFound',
  // gradebooks
  'GradebookNotFound',
  /** The guarantee cannot be claimed: not eligible, or its claim window is over. */
  'NotEligible',
  /** The gradebook's guarantee was claimed already. */
  'AlreadyClaimed',
  'ClaimNotFound',
  'CategoryNotFound',
  'GradeNotFound',
  'GradeAlreadyExists',
  // embedding (docs/contract-extensions.md 'Sites allowed to embed the booking widget')
  /** An entry of the embed origins list is not a site address (`error.origin` is it as typed; `error.max` when past the limit). */
  'BadEmbedOrigin',
  // team
  'TutorNotFound',
  'CannotArchiveSelf',
  'HasAttachedOfferings',
  'HasAttachedMeetings',
  'UpcomingMeetings',
  'ArchivedTutorCannotHaveUnarchivedOfferings',
  'BadImage',
  // catalog (docs/contract-extensions.md)
  /** A course with this number exists at this school already (`error.course` is it). */
  'CourseExists',
  /** A course is archived only once its offerings are (`error.offerings` lists those that are not). */
  'CourseHasOfferings',
  /** An offering of an archived course cannot be unarchived. */
  'CourseArchived',
  /** A course import with invalid rows writes nothing (`error.rows`: every row, marked; `error.invalid`: how many are invalid). */
  'InvalidImport',
  // pay (docs/contract-extensions.md: hours and pay)
  /** A supervisor's own hourly rate is set by another supervisor. */
  'CannotSetOwnRate',
  /** A rate takes effect from the current pay period's first day on (`error.first_day`): paid periods keep theirs. */
  'RateBackdated',
  /** A pay period is marked paid once it has ended. */
  'PeriodNotOver',
  /** The pay period is marked paid already (`error.paid_epoch`). */
  'PeriodAlreadyPaid',
  /** A supervisor's own session's paid time is approved by another supervisor (decision 022). */
  'CannotApproveOwnDuration',
  // re-assigning a session (docs/contract-extensions.md: re-assigning a session)
  /** The tutor has no active qualification for the session's course (an unarchived offering of it). */
  'NotQualified',
  /** The tutor is archived: nothing is re-assigned to them. */
  'TutorArchived',
  /** The tutor has a booked session (or one being paid for) at that time (`error.meeting` is it). */
  'TutorBusy',
  /** The session was canceled: there is nothing to re-assign. */
  'MeetingCanceled',
  /** Nobody is booked on this hour: it is availability, taken back or added rather than re-assigned. */
  'MeetingNotBooked',
  /** The session is with this tutor already. */
  'SameTutor',
  // client side: an answer that is not an envelope (a proxy's error page, say)
  'BadResponse',
] as const;

export type ErrorType = (typeof errorTypes)[number];
