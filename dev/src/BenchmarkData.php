<?php
/**
 * The benchmark dataset of docs/targets.md#targets: 200 jobs and any number of applications (about five history rows
 * each) spread over the last three years, with candidate journeys from the demo data's generator
 * (HistoryGenerator) on a busier pipeline, deterministic for a seed.
 *
 * Two ways in, so the benchmark can measure both:
 * - import_payload(): batches for POST /import (validated and written like any migration);
 * - seed(): a bulk seeder for large volumes. Every row still goes through Pipeline::replay and
 *   ApplicationWriter::history_rows, and the report summaries get the same ReportSummary::apply, so
 *   the timeline columns, the history and the summaries obey the same invariants as data written by the
 *   API; it only skips validation (its input is generated) and writes with
 *   explicit ids, multi-row INSERTs and one transaction per chunk. It assumes no other writer runs
 *   meanwhile (a benchmark/seed tool, not an API).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Dev;

use RecruitingReports\Data\ActivitySummary;
use RecruitingReports\Data\ApplicationWriter;
use RecruitingReports\Data\DirectSqlite;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\ReportSummary;
use RecruitingReports\Data\Schema;
use RecruitingReports\Domain\Events;
use RecruitingReports\Domain\ExternalId;
use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Seed\HistoryGenerator;

defined( 'ABSPATH' ) || exit;

final class BenchmarkData {

	public const JOBS = 200;

	/** Applications are spread over this many days before now. */
	public const SPAN_DAYS = 1095;

	/** Applications per generator chunk (and per transaction in seed()). */
	private const CHUNK = 2000;

	/** Rows per INSERT statement (well under MariaDB's default max_allowed_packet of 16 MB). */
	private const ROWS_PER_STATEMENT = 1000;

	private const DAY = 86400;

	/**
	 * A busier pipeline than the demo data's (HistoryGenerator::STEPS), so that applications have about
	 * five history rows each as docs/targets.md#targets's benchmark describes: more rejections, most of them reopened.
	 * About 41% of applications end hired, which makes the time-to-hire report heavier than typical data.
	 */
	private const STEPS = array(
		'new'       => array( 'next' => 'screening', 'advance' => 80, 'reject' => 17, 'withdraw' => 2, 'days' => array( 1, 6 ) ),
		'screening' => array( 'next' => 'interview', 'advance' => 62, 'reject' => 33, 'withdraw' => 3, 'days' => array( 2, 10 ) ),
		'interview' => array( 'next' => 'offer', 'advance' => 52, 'reject' => 42, 'withdraw' => 4, 'days' => array( 4, 16 ) ),
		'offer'     => array( 'next' => 'hired', 'advance' => 80, 'reject' => 12, 'withdraw' => 6, 'days' => array( 2, 9 ) ),
	);

	/** Percent of rejections reopened. */
	private const REOPEN = 60;

	private const FIRST = array( 'Ada', 'Grace', 'Alan', 'Mary', 'Priya', 'Chen', 'Fatima', 'Oluwaseun', 'Sofia', 'Mateo', 'Aiko', 'Lars', 'Zainab', 'Tom', 'Niamh', 'Ravi' );
	/** Where the candidates came from (docs/reports.md#funnel-sources-time-to-fill), a few skewed towards the first (direct). */
	private const SOURCES = array( 'direct', 'direct', 'linkedin', 'linkedin', 'indeed', 'referral', 'careers-page', 'glassdoor', 'stackoverflow', 'university' );

	private const LAST = array( 'Lovelace', 'Hopper', 'Turing', 'Seacole', 'Patel', 'Wei', 'Khan', 'Adeyemi', 'Garcia', 'Rossi', 'Tanaka', 'Nilsson', 'Okafor', 'Byrne', 'Murphy', 'Singh' );

	/**
	 * The benchmark jobs as import records (external ids bench-job-1…), created over the span.
	 *
	 * @return array<int,array> Import job records.
	 */
	public static function job_records( int $now, int $count = self::JOBS ): array {
		$generator = new HistoryGenerator( 7 );
		$start     = $now - self::SPAN_DAYS * self::DAY;
		$jobs      = array();
		for ( $i = 1; $i <= $count; $i++ ) {
			$roll   = $generator->between( 1, 100 );
			$jobs[] = array(
				'external_id'     => 'bench-job-' . $i,
				'title'           => 'Benchmark job ' . $i,
				'description'     => 'A job of the benchmark dataset.',
				'department'      => 'Department ' . ( 1 + $i % 12 ),
				'location'        => 'Location ' . ( 1 + $i % 7 ),
				'employment_type' => 'full_time',
				'status'          => $roll <= 85 ? 'publish' : ( $roll <= 95 ? 'closed' : 'draft' ),
				'created_at'      => $start - 60 * self::DAY + $generator->between( 0, self::SPAN_DAYS * self::DAY ),
			);
		}
		return $jobs;
	}

	/**
	 * Creates the benchmark jobs that do not exist yet (through JobRepository, like the importer).
	 *
	 * @return array<string,int> ExternalId::key( external id ) => job id, for every benchmark job.
	 */
	public static function ensure_jobs( int $now, int $count = self::JOBS ): array {
		$records = self::job_records( $now, $count );
		$ids     = JobRepository::ids_for_external_ids( wp_list_pluck( $records, 'external_id' ) );
		foreach ( $records as $record ) {
			$key = ExternalId::key( $record['external_id'] );
			if ( ! isset( $ids[ $key ] ) ) {
				$ids[ $key ] = (int) JobRepository::save( $record );
			}
		}
		return $ids;
	}

	/**
	 * Generated applications number $first … $first + $count - 1: applied_at and history in unix seconds.
	 * The same numbers give the same applications whichever way they are written.
	 *
	 * @return \Generator<int,array{number:int,job:int,applied_at:int,history:array}> job is a job number (1-based).
	 */
	public static function applications( int $first, int $count, int $now, int $jobs = self::JOBS ): \Generator {
		$start = $now - self::SPAN_DAYS * self::DAY;
		for ( $chunk = intdiv( $first - 1, self::CHUNK ); $chunk * self::CHUNK < $first - 1 + $count; $chunk++ ) {
			// One generator per chunk of numbers, so any range reproduces the same data; the chunk is
			// generated before anything is yielded, so nothing else can draw from mt_rand in between.
			$generator = new HistoryGenerator( 1000 + $chunk, self::STEPS, self::REOPEN );
			$batch     = array();
			for ( $n = $chunk * self::CHUNK + 1; $n <= ( $chunk + 1 ) * self::CHUNK; $n++ ) {
				$applied_at = $generator->between( $start, $now - 3600 );
				// A skewed choice: some jobs attract many more applications than others.
				$job     = 1 + (int) floor( $jobs * ( $generator->between( 0, 999999 ) / 1000000 ) ** 2 );
				$history = $generator->history( $applied_at, $now );
				if ( $n >= $first && $n < $first + $count ) {
					$batch[] = array(
						'number'     => $n,
						'job'        => $job,
						'applied_at' => $applied_at,
						'history'    => $history,
					);
				}
			}
			yield from $batch;
		}
	}

	/**
	 * One POST /import body: applications $first … $first + $count - 1 (and the jobs when $with_jobs).
	 */
	public static function import_payload( int $first, int $count, int $now, bool $with_jobs ): array {
		$applications = array();
		foreach ( self::applications( $first, $count, $now ) as $app ) {
			$applications[] = array(
				'external_id' => 'bench-app-' . $app['number'],
				'job'         => 'bench-job-' . $app['job'],
				'candidate'   => self::candidate( $app['number'] ),
				'source'      => self::source( $app['number'] ),
				'applied_at'  => gmdate( 'Y-m-d\TH:i:s\Z', $app['applied_at'] ),
				'history'     => array_map(
					static fn( $change ) => array(
						'status' => $change['status'],
						'at'     => gmdate( 'Y-m-d\TH:i:s\Z', $change['at'] ),
					),
					$app['history']
				),
			);
		}
		$payload = array( 'applications' => $applications );
		if ( $with_jobs ) {
			$payload['jobs'] = array_map(
				static function ( $job ) {
					$job['created_at'] = gmdate( 'Y-m-d\TH:i:s\Z', $job['created_at'] );
					return $job;
				},
				self::job_records( $now )
			);
		}
		return $payload;
	}

	/**
	 * Bulk-writes applications $first … $first + $count - 1 with their histories (jobs created first).
	 *
	 * @param int           $count     Applications to write.
	 * @param int           $first     Number of the first one (external id bench-app-<number>).
	 * @param int|null      $now       The dataset's "now" (default: the current time).
	 * @param int           $job_count Jobs to spread them over.
	 * @param callable|null $progress  Called after each transaction with the number of applications it wrote.
	 * @return array{applications:int,history_rows:int,seconds:float}
	 */
	public static function seed( int $count, int $first = 1, ?int $now = null, int $job_count = self::JOBS, ?callable $progress = null ): array {
		global $wpdb;
		$started = microtime( true );
		$now     = $now ?? time();
		$jobs    = self::ensure_jobs( $now, $job_count );
		$job_ids = array();
		for ( $i = 1; $i <= $job_count; $i++ ) {
			$job_ids[ $i ] = $jobs[ ExternalId::key( 'bench-job-' . $i ) ];
		}
		$applications = Schema::table( 'applications' );
		$history      = Schema::table( 'status_history' );
		$user_id      = get_current_user_id();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$next_id      = 1 + (int) $wpdb->get_var( "SELECT MAX(id) FROM $applications" );
		$app_columns  = array( 'id', 'job_id', 'external_id', 'external_key', 'candidate_name', 'candidate_email', 'candidate_phone', 'source', 'status', 'reopen_status', 'max_stage', 'applied_at', 'screening_at', 'interview_at', 'offer_at', 'hired_at', 'hire_seconds', 'status_since', 'created_at', 'updated_at' );
		$written      = 0;
		$history_rows = 0;
		$app_rows     = array();
		$hist_rows    = array();
		$summary_rows = array();
		$activity     = array();

		$flush = static function () use ( &$app_rows, &$hist_rows, &$summary_rows, &$activity, $applications, $history, $app_columns, $progress ) {
			global $wpdb;
			$wpdb->query( 'START TRANSACTION' );
			foreach ( array_chunk( $app_rows, self::ROWS_PER_STATEMENT ) as $rows ) {
				self::insert( $applications, $app_columns, $rows );
			}
			foreach ( array_chunk( $hist_rows, self::ROWS_PER_STATEMENT * 4 ) as $rows ) {
				self::insert( $history, ApplicationWriter::HISTORY_COLUMNS, $rows );
			}
			if ( ! ReportSummary::apply( array(), $summary_rows ) || ! ActivitySummary::apply( array(), $activity ) ) {
				throw new \RuntimeException( 'Benchmark summary update failed: ' . $wpdb->last_error );
			}
			$wpdb->query( 'COMMIT' );
			if ( $progress ) {
				$progress( count( $app_rows ) );
			}
			$app_rows     = array();
			$hist_rows    = array();
			$summary_rows = array();
			$activity     = array();
		};

		foreach ( self::applications( $first, $count, $now, $job_count ) as $app ) {
			$id       = $next_id++;
			$state    = Pipeline::replay( $app['applied_at'], $app['history'] )['state'];
			$timeline = Pipeline::timeline_columns( $state );
			$external = 'bench-app-' . $app['number'];
			$person   = self::candidate( $app['number'] );
			$changed  = $app['history'] ? end( $app['history'] )['at'] : $app['applied_at'];

			$app_rows[]     = array(
				$id,
				$job_ids[ $app['job'] ],
				$external,
				ExternalId::key( $external ),
				$person['name'],
				$person['email'],
				'',
				self::source( $app['number'] ),
				$timeline['status'],
				$timeline['reopen_status'],
				$timeline['max_stage'],
				$timeline['applied_at'],
				$timeline['screening_at'],
				$timeline['interview_at'],
				$timeline['offer_at'],
				$timeline['hired_at'],
				$timeline['hire_seconds'],
				$timeline['status_since'],
				$app['applied_at'],
				$changed,
			);
			$summary_rows[] = array(
				'job_id' => $job_ids[ $app['job'] ],
				'source' => self::source( $app['number'] ),
			) + $timeline;
			$rows           = ApplicationWriter::history_rows( $id, $app['applied_at'], $app['history'], $user_id );
			array_push( $hist_rows, ...$rows );
			array_push( $activity, ...ActivitySummary::from_history( $rows, array( $id => $job_ids[ $app['job'] ] ) ) );
			$history_rows += count( $rows );
			++$written;
			if ( count( $app_rows ) >= self::CHUNK ) {
				$flush();
			}
		}
		if ( $app_rows ) {
			$flush();
		}
		Events::data_changed();
		return array(
			'applications' => $written,
			'history_rows' => $history_rows,
			'seconds'      => round( microtime( true ) - $started, 2 ),
		);
	}

	/** @return array{name:string,email:string} */
	/** The source of application $number (deterministic, so every writer gives the same data). */
	private static function source( int $number ): string {
		return self::SOURCES[ ( $number * 7 ) % count( self::SOURCES ) ];
	}

	private static function candidate( int $number ): array {
		$first = self::FIRST[ $number % count( self::FIRST ) ];
		$last  = self::LAST[ intdiv( $number, count( self::FIRST ) ) % count( self::LAST ) ];
		return array(
			'name'  => "$first $last",
			'email' => strtolower( "$first.$last.$number" ) . '@example.com',
		);
	}

	/**
	 * One multi-row INSERT. Values are generated here (integers, NULL, and short ASCII strings escaped
	 * with esc_sql), so the cost of wpdb::prepare per cell is not needed. On SQLite, straight to it (Data\DirectSqlite).
	 *
	 * @param array[] $rows Lists of values in column order.
	 */
	private static function insert( string $table, array $columns, array $rows ): void {
		global $wpdb;
		$sqlite = DirectSqlite::connection();
		if ( null !== $sqlite ) {
			if ( ! DirectSqlite::insert( $sqlite, $table, $columns, $rows ) ) {
				throw new \RuntimeException( 'Benchmark insert failed: ' . $wpdb->last_error );
			}
			return;
		}
		$values = array();
		foreach ( $rows as $row ) {
			$cells = array();
			foreach ( $row as $value ) {
				if ( null === $value ) {
					$cells[] = 'NULL';
				} elseif ( is_int( $value ) ) {
					$cells[] = (string) $value;
				} else {
					$cells[] = "'" . esc_sql( (string) $value ) . "'";
				}
			}
			$values[] = '(' . implode( ',', $cells ) . ')';
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- every value is an integer or escaped above.
		if ( false === $wpdb->query( "INSERT INTO $table (" . implode( ',', $columns ) . ') VALUES ' . implode( ',', $values ) ) ) {
			throw new \RuntimeException( 'Benchmark insert failed: ' . $wpdb->last_error );
		}
	}
}
