<?php
/**
 * /recruiting/v1/applications — list with filters, read one with its status history, submit a new application
 * to a published job, and change an application's status (docs/api.md#resources, docs/targets.md#statuses-and-transitions).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Rest;

use RecruitingReports\Auth\Access;
use RecruitingReports\Data\ApplicationEraser;
use RecruitingReports\Data\ApplicationExport;
use RecruitingReports\Data\ApplicationForms;
use RecruitingReports\Data\ApplicationIntake;
use RecruitingReports\Data\ApplicationRepository;
use RecruitingReports\Data\ApplicationWriter;
use RecruitingReports\Data\ExternalIdClaims;
use RecruitingReports\Data\Presenter;
use RecruitingReports\Data\Reasons;
use RecruitingReports\Data\RatingRepository;
use RecruitingReports\Data\Source;
use RecruitingReports\Data\Transaction;
use RecruitingReports\Domain\Capabilities;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Reports\Csv;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

/**
 * Applications.
 */
final class ApplicationsController extends ItemController {

	/**
	 * Route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'applications';

	protected const ITEM_TYPE = 'application';

	/** Data\ApplicationEraser gives up after losing three races with concurrent changes. */
	protected const DELETE_ERRORS = array( 409 => 'Changed by other requests while it was being deleted, three times (invalid_status_transition); nothing was deleted.' );

	protected const PERMISSIONS = array(
		'read'   => Capabilities::READ_APPLICATIONS,
		'create' => Capabilities::WRITE_APPLICATIONS,
		'update' => Capabilities::WRITE_APPLICATIONS,
		'delete' => Capabilities::MANAGE_SETTINGS,
	);

	/**
	 * Rating aggregates of the applications of the list being prepared (one query per page), by id.
	 *
	 * @var array<int,array>
	 */
	private array $ratings = array();

	/**
	 * Whether a list is being prepared: lists leave the history out (a query per item).
	 *
	 * @var bool
	 */
	private bool $listing = false;

	/**
	 * Registers /applications, /applications/{id} and /applications/{id}/status.
	 */
	public function register_routes(): void {
		$id_arg = self::id_arg( __( 'Application id.', 'recruiting-reports' ) );
		$this->register_item_routes( $id_arg, array( 'list', 'create' ), array( 'read', 'delete' ) );
		$this->route(
			'/' . $this->rest_base . '/' . self::ID . '/status',
			array(
				$this->endpoint(
					WP_REST_Server::EDITABLE,
					'update_status',
					'update',
					array(
						'status' => array(
							'description' => __( 'The new status (docs/targets.md#statuses-and-transitions rules apply; 409 lists the allowed ones).', 'recruiting-reports' ),
							'type'        => 'string',
							'enum'        => Pipeline::STATUSES,
							'required'    => true,
						),
						'note'   => array(
							'description' => __( 'Optional note stored with the history entry.', 'recruiting-reports' ),
							'type'        => array( 'string', 'null' ),
							'maxLength'   => 5000,
						),
						'reason' => array(
							'description' => __( 'For rejected or withdrawn: the id of a current reason of that list (settings rejection_reasons, withdrawal_reasons), stored with the history entry; required when the setting reason_required is on. An unknown or retired reason is a 400.', 'recruiting-reports' ),
							'type'        => array( 'string', 'null' ),
							'maxLength'   => 64,
						),
					),
					array( 'errors' => array( 409 => __( 'The change is not allowed from the current status, or another request changed the application meanwhile (invalid_status_transition, with data.current and data.allowed).', 'recruiting-reports' ) ) )
				),
			),
			$id_arg
		);
	}

	/**
	 * GET /applications.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$filters = array(
			'job_id'         => $request['job_id'],
			'status'         => $request['status'],
			'applied_after'  => $request['applied_after'],
			'applied_before' => $request['applied_before'],
			'hired_after'    => $request['hired_after'],
			'hired_before'   => $request['hired_before'],
			'reached'        => $request['reached'],
			'entered'        => $request['entered'],
			'search'         => $request['search'],
			'updated_before' => $request['updated_before'],
			'anonymised'     => $request['anonymised'],
			'source'         => null === $request['source'] ? null : Source::normalize( $request['source'] ),
			'reason'         => $request['reason'],
			'stale'          => $request['stale'],
		);
		if ( is_wp_error( $filters['source'] ) ) {
			return $filters['source'];
		}
		if ( 'csv' === $request['format'] ) {
			return self::export( $filters );
		}
		$result = ApplicationRepository::query(
			$filters,
			array(
				'orderby' => $request['orderby'],
				'order'   => $request['order'],
			),
			(int) $request['page'],
			(int) $request['per_page']
		);
		$rows   = $result['rows'];
		Presenter::prime_jobs( $rows );
		if ( rest_is_field_included( 'rating', $this->get_fields_for_response( $request ) ) ) {
			$this->ratings = RatingRepository::aggregates( array_map( static fn( $row ) => (int) $row['id'], $rows ) );
		}
		$this->listing = true;
		try {
			return $this->collection( $rows, $result['total'], $request );
		} finally {
			// The ratings are this list's: a later request in the same PHP process (a batch, a preload, WP-CLI)
			// reads them afresh.
			$this->listing = false;
			$this->ratings = array();
		}
	}

	/**
	 * GET /applications?format=csv: every application the filters select (no pagination), streamed.
	 *
	 * @param array $filters ApplicationExport::where() filters.
	 */
	private static function export( array $filters ): CsvResponse {
		$after  = null === $filters['applied_after'] ? 'start' : gmdate( 'Y-m-d', (int) Iso8601::parse( $filters['applied_after'] ) );
		$before = null === $filters['applied_before'] ? gmdate( 'Y-m-d' ) : gmdate( 'Y-m-d', (int) Iso8601::parse( $filters['applied_before'] ) );
		return new CsvResponse(
			"recruiting-applications-{$after}_{$before}",
			static function () use ( $filters ) {
				echo Csv::BOM . Csv::line( ApplicationExport::COLUMNS ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CSV, escaped by Csv::cell().
				ApplicationExport::each_chunk(
					$filters,
					static function ( array $rows ) {
						echo implode( '', array_map( array( Csv::class, 'line' ), $rows ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CSV, escaped by Csv::cell().
						flush();
					}
				);
			}
		);
	}

	/**
	 * GET /applications/{id}, with the status history.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$row = ApplicationRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return self::application_not_found();
		}
		return $this->prepare_item_for_response( $row, $request );
	}

	/**
	 * DELETE /applications/{id} (Settings): the application goes with its history, notes and ratings, every report
	 * stays consistent and `application.deleted` is queued (ApplicationEraser, as the privacy eraser does).
	 * `previous` is the whole application only for a caller that also holds Read Applications; otherwise
	 * Presenter::application_without_candidate() of it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$row = ApplicationRepository::find( (int) $request['id'] );
		if ( ! $row ) {
			return self::application_not_found();
		}
		$previous = $this->prepare_item_for_response( $row, $request );
		if ( ! Access::can( $request, Capabilities::READ_APPLICATIONS ) ) {
			$previous->set_data( Presenter::application_without_candidate( $previous->get_data() ) );
		}
		$result = ApplicationEraser::delete( (int) $row['id'] );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return $this->deleted( $previous );
	}

	/**
	 * A careers site or job board submits a candidate's application to an open job (ApplicationIntake: the rules and
	 * the writer the site's own apply form uses too).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$fields = ApplicationIntake::prepare( (int) $request['job_id'], (array) $request['candidate'], $request['source'] );
		if ( is_wp_error( $fields ) ) {
			return ApplicationIntake::as_api_error( $fields );
		}
		$external_id = trim( (string) $request['external_id'] );
		if ( '' === $external_id ) {
			$result = ApplicationIntake::save( $fields );
		} else {
			// The check and the committed insert under the external_id's claim: of concurrent creates with one
			// external_id one succeeds, the others find it taken. The unique key on external_key stays the backstop
			// for an import writing it meanwhile (imports do not claim application ids): then it is taken too.
			$taken  = static fn() => self::invalid( 'external_id', __( 'Another application already has this external_id.', 'recruiting-reports' ) );
			$result = ExternalIdClaims::hold(
				'application',
				array( $external_id ),
				static function () use ( $fields, $external_id, $taken ) {
					if ( ApplicationRepository::external_id_exists( $external_id ) ) {
						return $taken();
					}
					$id = ApplicationIntake::save( $fields + array( 'external_id' => $external_id ) );
					return is_wp_error( $id ) && ApplicationRepository::external_id_exists( $external_id ) ? $taken() : $id;
				}
			);
		}
		if ( is_wp_error( $result ) ) {
			return 'rest_invalid_param' === $result->get_error_code() ? $result : self::internal_error();
		}
		return $this->created( ApplicationRepository::find( (int) $result ), $request );
	}

	/**
	 * PUT /applications/{id}/status: through ApplicationWriter (the one writer of status history).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_status( $request ) {
		$id     = (int) $request['id'];
		$note   = null === $request['note'] ? '' : sanitize_textarea_field( (string) $request['note'] );
		$reason = null === $request['reason'] || '' === $request['reason'] ? null : (string) $request['reason'];
		$row    = ApplicationRepository::find( $id );
		if ( ! $row ) {
			return self::application_not_found();
		}
		// Asking for the status the application already has changes nothing, reason or not (as without one).
		$checked = $request['status'] === $row['status'] ? true : Reasons::check( (string) $request['status'], $reason );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		$result = Transaction::run(
			static fn() => ApplicationWriter::change_status( $id, (string) $request['status'], Access::user_id(), '' === $note ? null : $note, $reason )
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		if ( $result['changed'] ) {
			/**
			 * Fires after an application's status changed (committed: other requests see it).
			 *
			 * @param int    $application_id Application id.
			 * @param string $from           Previous status.
			 * @param string $to             New status.
			 * @param int    $user_id        The acting user (an API key's owner for a key).
			 */
			do_action( 'recruiting_reports_application_status_changed', $id, $result['from'], $result['to'], Access::user_id() );
		}
		return $this->prepare_item_for_response( ApplicationRepository::find( $id ), $request );
	}

	/**
	 * An application's fields; the rating and the history (queries) only when included, the history only for a
	 * single application.
	 *
	 * @param array           $item    Row of the applications table.
	 * @param string[]        $fields  Fields included.
	 * @param WP_REST_Request $request Request.
	 * @return array
	 */
	protected function item_data( $item, array $fields, WP_REST_Request $request ): array {
		$id   = (int) $item['id'];
		$data = Presenter::application_fields( $item );
		if ( rest_is_field_included( 'rating', $fields ) ) {
			$data['rating'] = $this->ratings[ $id ] ?? RatingRepository::aggregates( array( $id ) )[ $id ];
		}
		if ( ! $this->listing && rest_is_field_included( 'history', $fields ) ) {
			$data['history'] = Presenter::history( $id );
		}
		if ( ! $this->listing && rest_is_field_included( 'cv', $fields ) ) {
			$data['cv'] = ApplicationForms::cv( $id );
		}
		return $data;
	}

	/**
	 * Self, the collection, the job, the notes (both embeddable) and the rating.
	 *
	 * @param array $item Row of the applications table.
	 * @return array
	 */
	protected function prepare_links( $item ): array {
		$self = $this->rest_base . '/' . (int) $item['id'];
		return $this->own_links( (int) $item['id'] ) + array(
			'job'    => array(
				'href'       => self::url( 'jobs/' . (int) $item['job_id'] ),
				'embeddable' => true,
			),
			'notes'  => array(
				'href'       => self::url( $self . '/notes' ),
				'embeddable' => true,
			),
			'rating' => array( 'href' => self::url( $self . '/rating' ) ),
		);
	}

	/**
	 * 404 for an application.
	 *
	 * @return WP_Error
	 */
	public static function application_not_found(): WP_Error {
		return self::not_found( __( 'Application not found.', 'recruiting-reports' ) );
	}

	/**
	 * The schema of a reason as the API shows it (Presenter::reason()).
	 *
	 * @param string $description Description.
	 * @return array
	 */
	private static function reason_property( string $description ): array {
		return array(
			'description' => $description,
			'type'        => array( 'object', 'null' ),
			'readonly'    => true,
			'context'     => self::OWN_CONTEXTS,
			'properties'  => array(
				'id'    => array( 'type' => 'string' ),
				'label' => array( 'type' => 'string' ),
			),
		);
	}

	/**
	 * Arguments of GET /applications.
	 *
	 * @return array
	 */
	public function get_collection_params(): array {
		return array_merge(
			parent::get_collection_params(),
			array(
				'job_id'         => array(
					'description' => __( 'Limit results to one job.', 'recruiting-reports' ),
					'type'        => 'integer',
					'minimum'     => 1,
					'maximum'     => self::MAX_ID,
				),
				'status'         => array(
					'description' => __( 'Limit results to one or more current statuses (list or comma-separated).', 'recruiting-reports' ),
					'type'        => 'array',
					'items'       => array(
						'type' => 'string',
						'enum' => Pipeline::STATUSES,
					),
					'maxItems'    => count( Pipeline::STATUSES ),
				),
				'applied_after'  => self::instant_arg( __( 'Only applications made at or after this instant (ISO 8601 with offset).', 'recruiting-reports' ) ),
				'applied_before' => self::instant_arg( __( 'Only applications made before this instant (ISO 8601 with offset; exclusive).', 'recruiting-reports' ) ),
				'hired_after'    => self::instant_arg( __( 'Only applications hired at or after this instant (ISO 8601 with offset).', 'recruiting-reports' ) ),
				'hired_before'   => self::instant_arg( __( 'Only applications hired before this instant (ISO 8601 with offset; exclusive).', 'recruiting-reports' ) ),
				'reached'        => array(
					'description' => __( 'Only applications that have ever held this pipeline stage or a later one.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => Pipeline::STAGES,
				),
				'entered'        => array(
					'description' => __( 'Only applications that have entered every one of these pipeline stages (list or comma-separated).', 'recruiting-reports' ),
					'type'        => 'array',
					'items'       => array(
						'type' => 'string',
						'enum' => Pipeline::STAGES,
					),
					'maxItems'    => count( Pipeline::STAGES ),
				),
				'updated_before' => self::instant_arg( __( 'Only applications last changed before this instant (ISO 8601 with offset; exclusive): the retention rules\' selection.', 'recruiting-reports' ) ),
				'anonymised'     => array(
					'description' => __( 'Only anonymised applications (true) or only the others (false).', 'recruiting-reports' ),
					'type'        => 'boolean',
				),
				'search'         => array(
					'description' => __( 'Limit results to candidates whose name or email contains this string.', 'recruiting-reports' ),
					'type'        => 'string',
					'maxLength'   => 200,
				),
				'source'         => array(
					'description' => __( 'Limit results to one source (compared after the same trimming and lower-casing as on input; empty means direct).', 'recruiting-reports' ),
					'type'        => 'string',
					'maxLength'   => 200,
				),
				'reason'         => array(
					'description' => __( 'Only applications now rejected or withdrawn with this reason (its id).', 'recruiting-reports' ),
					'type'        => 'string',
					'pattern'     => Reasons::ID_PATTERN,
					'maxLength'   => 64,
				),
				'stale'          => array(
					'description' => __( 'Only open applications that have waited in their status at least the stage\'s days (setting stale_days; true), or open ones that have not yet (false).', 'recruiting-reports' ),
					'type'        => 'boolean',
				),
				'format'         => array(
					'description' => __( 'json (default), or csv: every application the filters select (page and per_page do not apply), streamed.', 'recruiting-reports' ),
					'type'        => 'string',
					'enum'        => array( 'json', 'csv' ),
					'default'     => 'json',
				),
			),
			self::sort_args( array_keys( ApplicationRepository::ORDERS ) )
		);
	}

	/**
	 * The application schema's properties: the candidate's personal data (candidate, external id, history, rating)
	 * is in the view and edit contexts only, never embedded in another resource's response.
	 *
	 * @return array
	 */
	protected function item_properties(): array {
		return array_merge( self::candidate_properties(), self::status_properties(), self::record_properties() );
	}

	/**
	 * Who applied to which job, and from where.
	 *
	 * @return array
	 */
	private static function candidate_properties(): array {
		return array(
			'id'                  => array(
				'description' => __( 'Application id.', 'recruiting-reports' ),
				'type'        => 'integer',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'job_id'              => array(
				'description' => __( 'The job applied to (it must be published).', 'recruiting-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => self::MAX_ID,
				'required'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'job_title'           => array(
				'description' => __( 'Title of the job.', 'recruiting-reports' ),
				'type'        => array( 'string', 'null' ),
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'external_id'         => array(
				'description' => __( 'Identifier in another system (unique, case-insensitive).', 'recruiting-reports' ),
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 191,
				'context'     => self::OWN_CONTEXTS,
			),
			'candidate'           => array(
				'description' => __( 'The candidate.', 'recruiting-reports' ),
				'type'        => 'object',
				'required'    => true,
				'context'     => self::OWN_CONTEXTS,
				'properties'  => array(
					'name'  => array(
						'type'      => 'string',
						'minLength' => 1,
						'maxLength' => 200,
						'required'  => true,
					),
					'email' => array(
						'type'      => 'string',
						'format'    => 'email',
						'maxLength' => 200,
						'required'  => true,
					),
					'phone' => array(
						'type'      => 'string',
						'maxLength' => 64,
					),
				),
			),
			'source'              => array(
				'description' => __( 'Where the candidate came from (trimmed, lower-cased, at most 100 characters; missing or empty: direct).', 'recruiting-reports' ),
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 200,
				'context'     => self::OWN_CONTEXTS,
			),
		);
	}

	/**
	 * Where the application stands: its status, what it may become, and since when.
	 *
	 * @return array
	 */
	private static function status_properties(): array {
		$stage_dates = array();
		foreach ( Pipeline::STAGES as $stage ) {
			$stage_dates[ $stage ] = array(
				'type'   => array( 'string', 'null' ),
				'format' => 'date-time',
			);
		}
		return array(
			'status'              => array(
				'description' => __( 'Current status; change it with PUT /applications/{id}/status.', 'recruiting-reports' ),
				'type'        => 'string',
				'enum'        => Pipeline::STATUSES,
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'allowed_transitions' => array(
				'description' => __( 'Statuses the application may move to now.', 'recruiting-reports' ),
				'type'        => 'array',
				'items'       => array( 'type' => 'string' ),
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
			),
			'applied_at'          => self::readonly_instant( __( 'When the application was made (UTC).', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
			'reason'              => self::reason_property( __( 'Why the application is now rejected or withdrawn: the reason\'s id and its label now; null without one, and for every other status.', 'recruiting-reports' ) ),
			'status_since'        => self::readonly_instant( __( 'When the current status was entered (UTC): the time in stage counts from it.', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
			'days_in_stage'       => array(
				'description' => __( 'Whole days the application has waited in its current status (calendar days of the site\'s timezone); null unless new, screening, interview or offer.', 'recruiting-reports' ),
				'type'        => array( 'integer', 'null' ),
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'stale'               => array(
				'description' => __( 'Whether days_in_stage has reached the stage\'s threshold (setting stale_days); null unless new, screening, interview or offer.', 'recruiting-reports' ),
				'type'        => array( 'boolean', 'null' ),
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
			),
			'stage_entered_at'    => array(
				'description' => __( 'When each pipeline stage was first entered (UTC), null when never.', 'recruiting-reports' ),
				'type'        => 'object',
				'readonly'    => true,
				'context'     => self::ALL_CONTEXTS,
				'properties'  => $stage_dates,
			),
		);
	}

	/**
	 * The rating, the record's times, the CV and the status history.
	 *
	 * @return array
	 */
	private static function record_properties(): array {
		return array(
			'rating'              => array(
				'description' => __( 'Average score of the users\' ratings (null without ratings) and their number.', 'recruiting-reports' ),
				'type'        => 'object',
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
				'properties'  => array(
					'average' => array( 'type' => array( 'number', 'null' ) ),
					'count'   => array( 'type' => 'integer' ),
				),
			),
			'created_at'          => self::readonly_instant( __( 'When the record was created (UTC).', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
			'updated_at'          => self::readonly_instant( __( 'When the record was last changed (UTC).', 'recruiting-reports' ), false, self::ALL_CONTEXTS ),
			'cv'                  => array(
				'description' => __( 'The CV the site\'s apply form received (single application responses only; null without one): its file name, MIME type and size in bytes. GET /applications/{id}/cv downloads it.', 'recruiting-reports' ),
				'type'        => array( 'object', 'null' ),
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
				'properties'  => array(
					'name' => array( 'type' => 'string' ),
					'type' => array( 'type' => 'string' ),
					'size' => array( 'type' => 'integer' ),
				),
			),
			'history'             => array(
				'description' => __( 'Status history, oldest first (single application responses only).', 'recruiting-reports' ),
				'type'        => 'array',
				'readonly'    => true,
				'context'     => self::OWN_CONTEXTS,
				'items'       => array(
					'type'       => 'object',
					'properties' => array(
						'id'   => array( 'type' => 'integer' ),
						'from' => array( 'type' => array( 'string', 'null' ) ),
						'to'   => array( 'type' => 'string' ),
						'at'   => array(
							'type'   => 'string',
							'format' => 'date-time',
						),
						'user' => array( 'type' => array( 'object', 'null' ) ),
						'note'   => array( 'type' => array( 'string', 'null' ) ),
						'reason' => self::reason_property( __( 'The reason given with a change to rejected or withdrawn: its id and its label now (a renamed reason reads its new label).', 'recruiting-reports' ) ),
					),
				),
			),
		);
	}
}
