<?php
/**
 * The demo dataset: about 12 jobs and 600 applications over the last 18 months, deterministic for a
 * given day, written through the importer (so it is validated like any import and re-running it
 * updates in place).
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Seed;

use RecruitingReports\Import\Importer;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * The demo dataset: about 12 jobs and 600 applications over the last 18 months, deterministic for a given day, written through the importer (so it is validated like any import and re-running it updates in place).
 */
final class DemoData {

	private const JOBS = array(
		array( 'Registered Nurse', 'Nursing', 'Leeds', 'full_time', 'publish' ),
		array( 'Staff Nurse (Nights)', 'Nursing', 'York', 'full_time', 'publish' ),
		array( 'Healthcare Assistant', 'Nursing', 'Leeds', 'part_time', 'publish' ),
		array( 'Physiotherapist', 'Therapies', 'Harrogate', 'full_time', 'publish' ),
		array( 'Occupational Therapist', 'Therapies', 'York', 'full_time', 'publish' ),
		array( 'Pharmacy Technician', 'Pharmacy', 'Leeds', 'full_time', 'publish' ),
		array( 'Ward Clerk', 'Administration', 'Leeds', 'part_time', 'publish' ),
		array( 'Medical Secretary', 'Administration', 'Remote', 'full_time', 'publish' ),
		array( 'IT Service Desk Analyst', 'Digital', 'Leeds', 'contract', 'publish' ),
		array( 'Porter', 'Facilities', 'York', 'temporary', 'closed' ),
		array( 'Catering Assistant', 'Facilities', 'Harrogate', 'part_time', 'closed' ),
		array( 'Head of Nursing', 'Nursing', 'Leeds', 'full_time', 'draft' ),
	);

	private const FIRST = array( 'Ada', 'Grace', 'Alan', 'Mary', 'Priya', 'Chen', 'Fatima', 'Oluwaseun', 'Sofia', 'Mateo', 'Aiko', 'Lars', 'Zainab', 'Tom', 'Niamh', 'Ravi' );
	private const LAST  = array( 'Lovelace', 'Hopper', 'Turing', 'Seacole', 'Patel', 'Wei', 'Khan', 'Adeyemi', 'García', 'Rossi', 'Tanaka', 'Nilsson', 'Okafor', 'Byrne', 'Murphy', 'Singh' );

	/**
	 * Seeds deterministic demo jobs and applications through the importer.
	 *
	 * @param int $applications Applications.
	 * @return array|WP_Error The importer's summary.
	 */
	public static function seed( int $applications = 600 ) {
		$day       = 86400;
		$now       = time();
		$start     = $now - 548 * $day; // 18 months.
		$generator = new HistoryGenerator( (int) gmdate( 'Ymd', $now ) );

		$jobs = array();
		foreach ( self::JOBS as $i => [ $title, $department, $location, $type, $status ] ) {
			$jobs[] = array(
				'external_id'     => 'demo-job-' . ( $i + 1 ),
				'title'           => $title,
				'description'     => sprintf( 'Join our %s team in %s.', $department, $location ),
				'department'      => $department,
				'location'        => $location,
				'employment_type' => $type,
				'status'          => $status,
				'created_at'      => gmdate( 'c', $start - $generator->between( 0, 60 ) * $day ),
			);
		}

		$published = array_keys( array_filter( self::JOBS, static fn( $job ) => 'draft' !== $job[4] ) );
		$apps      = array();
		for ( $i = 1; $i <= $applications; $i++ ) {
			$applied_at = $generator->between( $start, $now - 3600 );
			$first      = self::FIRST[ $generator->between( 0, count( self::FIRST ) - 1 ) ];
			$last       = self::LAST[ $generator->between( 0, count( self::LAST ) - 1 ) ];
			$apps[]     = array(
				'external_id' => 'demo-application-' . $i,
				'job'         => 'demo-job-' . ( $published[ $generator->between( 0, count( $published ) - 1 ) ] + 1 ),
				'candidate'   => array(
					'name'  => "$first $last",
					'email' => strtolower( remove_accents( "$first.$last.$i" ) ) . '@example.com',
				),
				'applied_at'  => gmdate( 'c', $applied_at ),
				'history'     => array_map(
					static fn( $change ) => array(
						'status' => $change['status'],
						'at'     => gmdate( 'c', $change['at'] ),
					),
					$generator->history( $applied_at, $now )
				),
			);
		}

		$admins = get_users(
			array(
				'role'   => 'administrator',
				'number' => 1,
				'fields' => 'ID',
			)
		);
		return ( new Importer() )->import(
			array(
				'jobs'         => $jobs,
				'applications' => $apps,
			),
			(int) ( $admins[0] ?? 0 )
		);
	}
}
