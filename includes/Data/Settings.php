<?php
/**
 * Plugin settings (one option), with their defaults and validation rules.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

use RecruitingReports\Domain\Events;

defined( 'ABSPATH' ) || exit;

/**
 * Plugin settings (one option), with their defaults and validation rules.
 */
final class Settings {

	public const OPTION = 'recruiting_reports_settings';

	/** Presets a report period can open with; "custom" is only for blocks, which carry their own dates. */
	public const PERIODS = array( 'last_30_days', 'last_90_days', 'last_12_months', 'year_to_date' );

	/** Days an open application may wait in each stage before it is stale (the setting stale_days's defaults). */
	public const STALE_DAYS = array(
		'new'       => 3,
		'screening' => 7,
		'interview' => 10,
		'offer'     => 5,
	);

	/**
	 * Each period preset's name, as the screens show it.
	 *
	 * @return array<string,string> One of PERIODS => its translated name.
	 */
	public static function period_labels(): array {
		return array(
			'last_30_days'   => __( 'Last 30 days', 'recruiting-reports' ),
			'last_90_days'   => __( 'Last 90 days', 'recruiting-reports' ),
			'last_12_months' => __( 'Last 12 months', 'recruiting-reports' ),
			'year_to_date'   => __( 'Year to date', 'recruiting-reports' ),
		);
	}

	/**
	 * The settings a new site starts with.
	 */
	public static function defaults(): array {
		return array(
			'rate_limit_per_hour'      => 1000,
			'default_period'           => 'last_12_months',
			'delete_data_on_uninstall' => false,
			'anonymise_on_erasure'     => false,
			'delivery_log_days'        => 30,
			'jobs_base'                => 'jobs',
			'apply_phone'              => 'optional',
			'apply_cv_max_mb'          => 5,
			'careers_honour_dnt'       => true,
			'careers_beacon_limit'     => 600,
			'careers_daily_months'     => 13,
			'mail_notify_to'           => array(),
			// Templates: empty means the translatable default text (see Mail\Templates).
			'mail_candidate_subject'   => '',
			'mail_candidate_body'      => '',
			'mail_notify_subject'      => '',
			'mail_notify_body'         => '',
			'reason_required'          => false,
			'stale_days'               => self::STALE_DAYS,
		) + Reasons::defaults();
	}

	/** JSON schema of the settings object (used by the REST settings route for validation and OPTIONS). */
	public static function schema(): array {
		return array(
			'rate_limit_per_hour'      => array(
				'description' => __( 'Requests allowed per API key per hour.', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 1000000,
			),
			'default_period'           => array(
				'description' => __( 'The period the dashboard widget and the Reports page open with.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => self::PERIODS,
			),
			'delete_data_on_uninstall' => array(
				'description' => __( 'Delete all recruiting data when the plugin is uninstalled.', 'recruiting-reports' ),
				'type'        => 'boolean',
			),
			'anonymise_on_erasure'     => array(
				'description' => __( 'When a candidate\'s personal data is erased (Tools → Erase Personal Data), anonymise their applications instead of deleting them, so that reports keep their figures.', 'recruiting-reports' ),
				'type'        => 'boolean',
			),
			'delivery_log_days'        => array(
				'description' => __( 'Days the webhook delivery log (with the payloads sent, which hold candidates\' personal data) and the e-mail log are kept.', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 3650,
			),
			'jobs_base'                => array(
				'description' => __( 'The address of the job pages: /<base>/ lists the open jobs, /<base>/<job>/ shows one. Lower-case letters, digits and hyphens.', 'recruiting-reports' ),
				'type'        => 'string',
				'pattern'     => '^[a-z0-9]+(-[a-z0-9]+)*$',
				'maxLength'   => 50,
			),
			'apply_phone'              => array(
				'description' => __( 'The apply form\'s phone field: required, optional or hidden.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => array( 'required', 'optional', 'hidden' ),
			),
			'apply_cv_max_mb'          => array(
				'description' => __( 'The largest CV file the apply form accepts, in megabytes (also limited by PHP\'s upload_max_filesize and post_max_size).', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 50,
			),
			'careers_honour_dnt'       => array(
				'description' => __( 'Leave out of the careers funnel\'s counts the visitors whose browser sends Do Not Track (DNT: 1) or Global Privacy Control (Sec-GPC: 1).', 'recruiting-reports' ),
				'type'        => 'boolean',
			),
			'careers_beacon_limit'     => array(
				'description' => __( 'Careers funnel counts accepted per IP address per hour (more are ignored): raise it for a busy office behind one address.', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 1000000,
			),
			'careers_daily_months'     => array(
				'description' => __( 'Months the careers funnel keeps its counts per day; older days are deleted, their monthly totals kept.', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 120,
			),
		) + self::pipeline_schema() + self::mail_schema();
	}

	/** Settings › Pipeline's fields: the reasons and the stale thresholds. */
	private static function pipeline_schema(): array {
		return array(
			'reason_required'          => array(
				'description' => __( 'Whether rejecting or withdrawing an application requires a reason (PUT /applications/{id}/status answers 400 without one).', 'recruiting-reports' ),
				'type'        => 'boolean',
			),
			'rejection_reasons'        => Reasons::list_schema( __( 'The reasons an application is rejected, in the order offered. A reason left out of an update is kept, retired, for the history that holds it.', 'recruiting-reports' ) ),
			'withdrawal_reasons'       => Reasons::list_schema( __( 'The reasons a candidate withdraws, in the order offered. A reason left out of an update is kept, retired, for the history that holds it.', 'recruiting-reports' ) ),
			'stale_days'               => array(
				'description' => __( 'Days an open application may wait in each stage before it counts as stale (the Applications list\'s stale filter, the pipeline report, the webhook event application.stale).', 'recruiting-reports' ),
				'type'        => 'object',
				'properties'  => array_map(
					static fn() => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 365,
					),
					self::STALE_DAYS
				),
				'additionalProperties' => false,
			),
		);
	}

	/**
	 * Settings › E-mails' fields: who is told of an application, and the templates — plain text with the placeholders
	 * of Mail\Templates; '' resets to the default.
	 */
	private static function mail_schema(): array {
		$placeholders = __( 'Placeholders: {candidate_name}, {job_title}, {site_name}, {application_url} (the application in wp-admin; empty in the candidate\'s e-mail). Empty: the default text.', 'recruiting-reports' );
		$schema       = array(
			'mail_notify_to'           => array(
				'description' => __( 'Who is told of a new application when its job has no contact e-mail (empty: the site\'s administration address).', 'recruiting-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type'   => 'string',
					'format' => 'email',
				),
				'maxItems'    => 20,
				'uniqueItems' => true,
			),
		);
		foreach ( array(
			'mail_candidate_subject' => array( __( 'Subject of the confirmation the candidate gets.', 'recruiting-reports' ), 200 ),
			'mail_candidate_body'    => array( __( 'Body of the confirmation the candidate gets (plain text; blank lines separate paragraphs).', 'recruiting-reports' ), 5000 ),
			'mail_notify_subject'    => array( __( 'Subject of the notification the job\'s contact gets.', 'recruiting-reports' ), 200 ),
			'mail_notify_body'       => array( __( 'Body of the notification the job\'s contact gets (plain text; blank lines separate paragraphs).', 'recruiting-reports' ), 5000 ),
		) as $field => list( $description, $max ) ) {
			$schema[ $field ] = array(
				'description' => $description . ' ' . $placeholders,
				'type'        => 'string',
				'maxLength'   => $max,
			);
		}
		return $schema;
	}

	/**
	 * Every setting, stored values over defaults.
	 */
	public static function all(): array {
		$stored = get_option( self::OPTION, array() );
		return array_merge( self::defaults(), is_array( $stored ) ? array_intersect_key( $stored, self::defaults() ) : array() );
	}

	/**
	 * One setting.
	 *
	 * @param string $name Name.
	 */
	public static function get( string $name ) {
		return self::all()[ $name ] ?? null;
	}

	/**
	 * Merges validated values into the stored settings; fields not given keep their value.
	 *
	 * @param array $values Values.
	 */
	public static function update( array $values ): array {
		$stored = self::all();
		foreach ( Reasons::LISTS as $list ) {
			if ( isset( $values[ $list ] ) ) {
				$values[ $list ] = Reasons::merge( (array) $stored[ $list ], (array) $values[ $list ] );
			}
		}
		if ( isset( $values['stale_days'] ) ) {
			$values['stale_days'] = array_map( 'intval', array_intersect_key( (array) $values['stale_days'], self::STALE_DAYS ) ) + (array) $stored['stale_days'];
		}
		$settings = array_merge( $stored, array_intersect_key( $values, self::defaults() ) );
		update_option( self::OPTION, $settings );
		// Reason labels and stale thresholds are in the reports (rejections, pipeline): their cached answers go.
		if ( array_intersect_key( $values, array_flip( array( ...array_values( Reasons::LISTS ), 'stale_days' ) ) ) ) {
			Events::data_changed();
		}
		return $settings;
	}

	/**
	 * Stores the defaults when nothing is stored yet.
	 */
	public static function ensure_defaults(): void {
		add_option( self::OPTION, self::defaults() );
	}
}
