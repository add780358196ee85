// The keys of the reports' fixed rows, in the order the charts' tables list them (docs/reports.md#definitions).

export const STATUSES = [
	'new',
	'screening',
	'interview',
	'offer',
	'hired',
	'rejected',
	'withdrawn',
];
export const CONVERSION = [
	'application_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
];
export const STAGES = [
	'new_to_screening',
	'screening_to_interview',
	'interview_to_offer',
	'offer_to_hire',
];
