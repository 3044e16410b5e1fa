/**
 * The onboarding checklist of a new tutor (spec 2 §2's list), by the keys the API stores them under
 * (GET/POST /api/tutors/{id}/onboarding, docs/contract-extensions.md).
 */
export const onboardingItems = [
  { key: 'payroll', label: 'Set up payroll' },
  { key: 'i9', label: 'Collect the I-9' },
  { key: 'offer_letter', label: 'Send the offer letter' },
  { key: 'agreement', label: 'Sign the employee agreement' },
  { key: 'email', label: 'Create a company email' },
  { key: 'training', label: 'Schedule training' },
] as const;

export type OnboardingItemKey = (typeof onboardingItems)[number]['key'];
export const onboardingKeys = onboardingItems.map((item) => item.key) as [OnboardingItemKey, ...OnboardingItemKey[]];
