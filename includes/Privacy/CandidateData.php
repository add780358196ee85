<?php
/**
 * Privacy\CandidateData: the personal-data exporter and eraser for candidates.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Privacy;

use RecruitingReports\Data\ApplicationEraser;
use RecruitingReports\Data\CandidateRecords;
use RecruitingReports\Data\Settings;
use RecruitingReports\Data\DeliveryRepository;
use RecruitingReports\Data\MailRepository;

defined( 'ABSPATH' ) || exit;

/**
 * Candidates in WordPress's privacy tools (docs/api.md#privacy; Tools → Export Personal Data / Erase Personal Data): a
 * personal-data exporter and an eraser, both finding a candidate by the e-mail address of their applications.
 *
 * Export: every application made with the address (job, dates, status, the name, address and phone given), its
 * status history with the notes written on status changes, the notes about the candidate, the ratings, the e-mails
 * about it still in the e-mail log (the apply form's confirmation and the team's notification), and the
 * webhook deliveries whose payload holds the address in an `email` field (what was sent to which host: a webhook's
 * URL may carry a receiver's token in its path or query, which is the site's secret, not the candidate's data).
 *
 * A delivery belongs to the address only when a decoded `email` field equals it (case-insensitively); the
 * database's LIKE only narrows the rows to read (`ann@example.com` is inside `joann@example.com`).
 *
 * Erase: each application is deleted with its history, notes and ratings (ApplicationEraser::delete, the path of
 * DELETE /applications/{id}) or — when the admin chose to keep figures (setting anonymise_on_erasure) — anonymised
 * (ApplicationEraser::anonymise: timeline kept). Either way every report stays consistent. Webhook delivery
 * payloads naming the address are redacted in place (a pending delivery then sends the redacted body).
 */
final class CandidateData {

	/** Applications per exporter or eraser call (WordPress calls again, page by page, until done). */
	private const BATCH = 20;

	/** Webhook deliveries per call. */
	private const DELIVERY_BATCH = 100;

	public const EXPORTER = 'recruiting-reports-candidate';
	public const ERASER   = 'recruiting-reports-candidate';

	/**
	 * Registers the exporter and the eraser.
	 */
	public static function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( self::class, 'add_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( self::class, 'add_eraser' ) );
	}

	/**
	 * Adds the candidates' exporter (wp_privacy_personal_data_exporters).
	 *
	 * @param array $exporters Registered exporters.
	 * @return array
	 */
	public static function add_exporter( $exporters ): array {
		return self::add_tool( $exporters, self::EXPORTER, 'exporter', 'export' );
	}

	/**
	 * Adds the candidates' eraser (wp_privacy_personal_data_erasers).
	 *
	 * @param array $erasers Registered erasers.
	 * @return array
	 */
	public static function add_eraser( $erasers ): array {
		return self::add_tool( $erasers, self::ERASER, 'eraser', 'erase' );
	}

	/**
	 * Adds an exporter or an eraser to WordPress's list of them (another plugin's filter may have broken the list).
	 *
	 * @param mixed  $tools    Registered exporters or erasers.
	 * @param string $id       Id of ours.
	 * @param string $kind     exporter or eraser (the `{kind}_friendly_name` key).
	 * @param string $callback Method of this class WordPress calls.
	 * @return array
	 */
	private static function add_tool( $tools, string $id, string $kind, string $callback ): array {
		$tools        = is_array( $tools ) ? $tools : array();
		$tools[ $id ] = array(
			$kind . '_friendly_name' => __( 'Recruiting applications', 'recruiting-reports' ),
			'callback'               => array( self::class, $callback ),
		);
		return $tools;
	}

	/**
	 * Exporter callback: one page of applications; the webhook deliveries after the last one.
	 *
	 * @param string $email Candidate's e-mail address.
	 * @param int    $page  1-based page.
	 * @return array{data:array[],done:bool}
	 */
	public static function export( $email, $page = 1 ): array {
		$email = (string) $email;
		$page  = max( 1, (int) $page );
		$ids   = ApplicationEraser::ids_for_email( $email, self::BATCH, ( $page - 1 ) * self::BATCH );
		$items = array_merge( self::application_items( $ids ), self::mail_items( $ids ) );
		$done  = count( $ids ) < self::BATCH;
		if ( $done ) {
			$items = array_merge( $items, self::delivery_items( $email ) );
		}
		return array(
			'data' => $items,
			'done' => $done,
		);
	}

	/**
	 * Eraser callback: deletes or anonymises one batch of applications (they then no longer match the address, so
	 * every call starts from the first match); once none are left, redacts the webhook deliveries.
	 *
	 * @param string $email Candidate's e-mail address.
	 * @param int    $page  1-based page (unused: see above).
	 * @return array{items_removed:bool,items_retained:bool,messages:string[],done:bool}
	 */
	public static function erase( $email, $page = 1 ): array {
		unset( $page );
		$email     = (string) $email;
		$anonymise = (bool) Settings::get( 'anonymise_on_erasure' );
		$ids       = ApplicationEraser::ids_for_email( $email, self::BATCH );
		$removed   = false;
		$retained  = false;
		$messages  = array();
		foreach ( $ids as $id ) {
			$result = $anonymise ? ApplicationEraser::anonymise( $id ) : ApplicationEraser::delete( $id );
			if ( is_wp_error( $result ) ) {
				$retained = true;
				/* translators: 1: application id, 2: error message. */
				$messages[] = sprintf( __( 'Application %1$d could not be erased: %2$s', 'recruiting-reports' ), $id, $result->get_error_message() );
			} else {
				$removed = true;
			}
		}
		if ( $removed && $anonymise ) {
			$messages[] = __( 'Recruiting applications were anonymised, not deleted (Recruiting → Settings): the name, e-mail address, phone number, external id, notes and a free-text source are gone; the dates, statuses and source category stay for the reports.', 'recruiting-reports' );
		}
		// Failed ones would be found again: stop instead of looping; the admin sees the messages and can retry.
		$done = count( $ids ) < self::BATCH || $retained;
		if ( $done ) {
			$redacted = self::redact_deliveries( $email );
			$removed  = $removed || $redacted > 0;
		}
		return array(
			'items_removed'  => $removed,
			'items_retained' => $retained,
			'messages'       => $messages,
			'done'           => $done,
		);
	}

	/**
	 * Export items of some applications: the application, its history entries, notes and ratings.
	 *
	 * @param int[] $ids Application ids.
	 * @return array[]
	 */
	private static function application_items( array $ids ): array {
		$applications = CandidateRecords::applications( $ids );
		$history      = CandidateRecords::history( $ids );
		$notes        = CandidateRecords::notes( $ids );
		$ratings      = CandidateRecords::ratings( $ids );
		$forms        = CandidateRecords::forms( $ids );
		$items        = array();
		foreach ( $ids as $id ) {
			$row = $applications[ $id ] ?? null;
			if ( ! $row ) {
				continue;
			}
			$job     = get_post( (int) $row['job_id'] );
			$label   = self::label( $id, $job );
			$scores  = array_map( static fn( $rating ) => (int) $rating['score'], $ratings[ $id ] );
			$items[] = self::item(
				'recruiting-applications',
				'recruiting-application-' . $id,
				array(
					__( 'Application', 'recruiting-reports' ) => $label,
					__( 'Job', 'recruiting-reports' )     => $job ? $job->post_title : '',
					__( 'Applied', 'recruiting-reports' ) => self::date( (int) $row['applied_at'] ),
					__( 'Status', 'recruiting-reports' )  => (string) $row['status'],
					__( 'Name', 'recruiting-reports' )    => (string) $row['candidate_name'],
					__( 'E-mail', 'recruiting-reports' )  => (string) $row['candidate_email'],
					__( 'Phone', 'recruiting-reports' )   => (string) $row['candidate_phone'],
					__( 'External id', 'recruiting-reports' ) => (string) $row['external_id'],
					__( 'Source', 'recruiting-reports' )  => (string) $row['source'],
					__( 'Ratings (1–5)', 'recruiting-reports' ) => implode( ', ', $scores ),
				) + self::form_fields( $forms[ $id ] ?? null )
			);
			foreach ( $history[ $id ] as $change ) {
				$items[] = self::item(
					'recruiting-application-history',
					'recruiting-history-' . $change['id'],
					array(
						__( 'Application', 'recruiting-reports' ) => $label,
						__( 'From', 'recruiting-reports' ) => (string) $change['from_status'],
						__( 'To', 'recruiting-reports' )   => (string) $change['to_status'],
						__( 'When', 'recruiting-reports' ) => self::date( (int) $change['changed_at'] ),
						__( 'Note', 'recruiting-reports' ) => (string) $change['note'],
					)
				);
			}
			foreach ( $notes[ $id ] as $note ) {
				$items[] = self::item(
					'recruiting-application-notes',
					'recruiting-note-' . $note['id'],
					array(
						__( 'Application', 'recruiting-reports' ) => $label,
						__( 'Written', 'recruiting-reports' ) => self::date( (int) $note['created_at'] ),
						__( 'Note', 'recruiting-reports' ) => (string) $note['content'],
					)
				);
			}
		}
		return $items;
	}

	/**
	 * What the site's apply form stored beside an application (Data\ApplicationForms): the consent with the privacy
	 * policy's version, the campaign, the cover letter and the CV, whose file is in the export's archive (CvArchive).
	 *
	 * @param array|null $form The form's row; null for applications from the API or an import.
	 * @return array<string,string>
	 */
	private static function form_fields( ?array $form ): array {
		if ( ! $form ) {
			return array();
		}
		$cv = '' === (string) $form['cv_file'] ? '' : sprintf(
			/* translators: 1: file name, 2: its size, 3: its path inside the export archive. */
			__( '%1$s (%2$s), the file itself: %3$s in this archive', 'recruiting-reports' ),
			(string) $form['cv_name'],
			size_format( (int) $form['cv_size'] ),
			CvArchive::archive_name( $form )
		);
		return array(
			__( 'Consent to processing given', 'recruiting-reports' ) => self::date( (int) $form['consent_at'] ),
			__( 'Privacy policy version agreed to', 'recruiting-reports' ) => (string) $form['policy_version'],
			__( 'Campaign medium (utm_medium)', 'recruiting-reports' ) => (string) $form['utm_medium'],
			__( 'Campaign (utm_campaign)', 'recruiting-reports' ) => (string) $form['utm_campaign'],
			__( 'Cover letter', 'recruiting-reports' ) => (string) $form['cover_letter'],
			__( 'CV', 'recruiting-reports' )           => $cv,
		);
	}

	/**
	 * How an export names an application.
	 *
	 * @param int           $id  Application id.
	 * @param \WP_Post|null $job Its job (null when deleted).
	 */
	private static function label( int $id, $job ): string {
		return sprintf(
			/* translators: 1: application id, 2: job title. */
			__( 'Application %1$d (%2$s)', 'recruiting-reports' ),
			$id,
			$job ? $job->post_title : __( 'deleted job', 'recruiting-reports' )
		);
	}

	/**
	 * Export items of the e-mails about some applications (in the e-mail log until delivery_log_days pass).
	 *
	 * @param int[] $ids Application ids.
	 * @return array[]
	 */
	private static function mail_items( array $ids ): array {
		$items        = array();
		$applications = CandidateRecords::applications( $ids );
		foreach ( MailRepository::of_applications( $ids ) as $id => $messages ) {
			$label = self::label( (int) $id, get_post( (int) ( $applications[ $id ]['job_id'] ?? 0 ) ) );
			foreach ( $messages as $message ) {
				$items[] = self::item(
					'recruiting-application-emails',
					'recruiting-email-' . $message['id'],
					array(
						__( 'Application', 'recruiting-reports' ) => $label,
						__( 'To', 'recruiting-reports' )      => (string) $message['recipients'],
						__( 'Subject', 'recruiting-reports' ) => (string) $message['subject'],
						__( 'Queued', 'recruiting-reports' )  => self::date( (int) $message['created_at'] ),
						__( 'Status', 'recruiting-reports' )  => (string) $message['status'],
						__( 'Content', 'recruiting-reports' ) => (string) $message['text'],
					)
				);
			}
		}
		return $items;
	}

	/**
	 * Export items of the webhook deliveries that name the address.
	 *
	 * @param string $email Address.
	 * @return array[]
	 */
	private static function delivery_items( string $email ): array {
		$items = array();
		foreach ( self::deliveries_mentioning( $email ) as $row ) {
			$items[] = self::item(
				'recruiting-webhook-deliveries',
				'recruiting-delivery-' . $row['delivery_uuid'],
				array(
					__( 'Event', 'recruiting-reports' )   => (string) $row['event'],
					__( 'Sent to', 'recruiting-reports' ) => (string) wp_parse_url( (string) $row['url'], PHP_URL_HOST ),
					__( 'Created', 'recruiting-reports' ) => self::date( (int) $row['created_at'] ),
					__( 'Status', 'recruiting-reports' )  => (string) $row['status'],
					__( 'Content', 'recruiting-reports' ) => (string) $row['payload'],
				)
			);
		}
		return $items;
	}

	/**
	 * Replaces the candidate in every webhook payload that names the address: wherever an object holds that
	 * `email`, its `email`, `name` and `phone` become WordPress's anonymised values.
	 *
	 * @param string $email Address.
	 * @return int Deliveries redacted.
	 */
	private static function redact_deliveries( string $email ): int {
		$redacted = 0;
		foreach ( self::deliveries_mentioning( $email ) as $row ) {
			$clean = wp_json_encode( self::redact( $row['decoded_payload'], self::normalize( $email ) ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
			if ( false !== $clean && $clean !== $row['payload'] && DeliveryRepository::replace_payload( (int) $row['id'], $clean ) ) {
				++$redacted;
			}
		}
		return $redacted;
	}

	/**
	 * The webhook deliveries whose decoded payload holds the address in an `email` field, in id order, read a batch
	 * at a time (the next batch is read after the caller has handled the last one, so a caller may rewrite the rows
	 * it is given).
	 *
	 * @param string $email Address.
	 * @return \Generator<array> Rows of the deliveries table plus `url` and `decoded_payload`.
	 */
	private static function deliveries_mentioning( string $email ): \Generator {
		$after = 0;
		do {
			$rows  = DeliveryRepository::mentioning( $email, self::DELIVERY_BATCH, $after );
			$count = count( $rows );
			foreach ( $rows as $row ) {
				$after   = (int) $row['id'];
				$payload = json_decode( (string) $row['payload'], true );
				if ( is_array( $payload ) && self::names( $payload, self::normalize( $email ) ) ) {
					yield $row + array( 'decoded_payload' => $payload );
				}
			}
		} while ( self::DELIVERY_BATCH === $count );
	}

	/**
	 * Whether a decoded payload holds the address in an `email` field, at any depth.
	 *
	 * @param array  $value Decoded JSON.
	 * @param string $email Normalised address (normalize()).
	 * @return bool
	 */
	private static function names( array $value, string $email ): bool {
		if ( self::holds( $value, $email ) ) {
			return true;
		}
		foreach ( $value as $child ) {
			if ( is_array( $child ) && self::names( $child, $email ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether this object's own `email` field is the address.
	 *
	 * @param array  $value Decoded JSON object.
	 * @param string $email Normalised address.
	 * @return bool
	 */
	private static function holds( array $value, string $email ): bool {
		return isset( $value['email'] ) && is_string( $value['email'] ) && self::normalize( $value['email'] ) === $email;
	}

	/**
	 * An address as compared: trimmed, lower-case (as ApplicationEraser::ids_for_email compares them).
	 *
	 * @param string $email Address.
	 * @return string
	 */
	private static function normalize( string $email ): string {
		return strtolower( trim( $email ) );
	}

	/**
	 * The candidate replaced in a decoded payload, recursively.
	 *
	 * @param array  $value Decoded JSON.
	 * @param string $email Normalised address.
	 * @return array
	 */
	private static function redact( array $value, string $email ): array {
		if ( self::holds( $value, $email ) ) {
			$value['email'] = wp_privacy_anonymize_data( 'email' );
			foreach ( array( 'name', 'phone' ) as $key ) {
				if ( isset( $value[ $key ] ) ) {
					$value[ $key ] = 'phone' === $key ? '' : wp_privacy_anonymize_data( 'text' );
				}
			}
		}
		foreach ( $value as $key => $child ) {
			if ( is_array( $child ) ) {
				$value[ $key ] = self::redact( $child, $email );
			}
		}
		return $value;
	}

	/**
	 * The export groups WordPress shows: id => label and description.
	 *
	 * @return array<string,string[]>
	 */
	private static function groups(): array {
		return array(
			'recruiting-applications'        => array(
				__( 'Job applications', 'recruiting-reports' ),
				__( 'Applications made with this e-mail address, as the recruiting team sees them.', 'recruiting-reports' ),
			),
			'recruiting-application-history' => array(
				__( 'Application status history', 'recruiting-reports' ),
				__( 'Every status change of the applications, with the note written on it.', 'recruiting-reports' ),
			),
			'recruiting-application-notes'   => array(
				__( 'Notes about applications', 'recruiting-reports' ),
				__( 'Notes the recruiting team wrote about the applications.', 'recruiting-reports' ),
			),
			'recruiting-application-emails'  => array(
				__( 'E-mails about applications', 'recruiting-reports' ),
				__( 'The confirmation sent to the applicant and the notification sent to the recruiting team, while the e-mail log keeps them.', 'recruiting-reports' ),
			),
			'recruiting-webhook-deliveries'  => array(
				__( 'Data sent to other services (webhooks)', 'recruiting-reports' ),
				__( 'Notifications about the applications that this site sent, or is about to send, to services the administrator connected.', 'recruiting-reports' ),
			),
		);
	}

	/**
	 * One export item in WordPress's shape.
	 *
	 * @param string               $group   Group id (a key of groups()).
	 * @param string               $item_id Item id.
	 * @param array<string,string> $fields  Name => value (empty values left out).
	 * @return array
	 */
	private static function item( string $group, string $item_id, array $fields ): array {
		$data = array();
		foreach ( $fields as $name => $value ) {
			if ( '' !== $value ) {
				$data[] = array(
					'name'  => $name,
					'value' => $value,
				);
			}
		}
		list( $label, $description ) = self::groups()[ $group ];
		return array(
			'group_id'          => $group,
			'group_label'       => $label,
			'group_description' => $description,
			'item_id'           => $item_id,
			'data'              => $data,
		);
	}

	/**
	 * An instant in the site's date and time format and timezone.
	 *
	 * @param int $time Unix seconds.
	 * @return string
	 */
	private static function date( int $time ): string {
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time );
	}
}
