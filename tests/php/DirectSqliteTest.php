<?php
/**
 * Data\DirectSqlite on an in-memory SQLite database: the statements it builds insert, add, replace and keep as the
 * MySQL upserts they stand in for, in chunks under SQLite's bound-value limit. (That the drop-in's tables take them as
 * its own statements do is the integration suite's part: the SQLite leg runs every write through them.)
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Data\DirectSqlite;

/**
 * Data\DirectSqlite.
 */
final class DirectSqliteTest extends TestCase {

	private PDO $pdo;

	protected function setUp(): void {
		$this->pdo = new PDO( 'sqlite::memory:' );
		$this->pdo->setAttribute( PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION );
		$this->pdo->exec( 'CREATE TABLE sums ( span INTEGER NOT NULL, job_id INTEGER NOT NULL, label TEXT, n INTEGER NOT NULL DEFAULT 0, total INTEGER, PRIMARY KEY (span, job_id) )' );
		$GLOBALS['wpdb'] = (object) array( 'last_error' => '' );
	}

	protected function tearDown(): void {
		unset( $GLOBALS['wpdb'] );
	}

	private function rows(): array {
		return $this->pdo->query( 'SELECT span, job_id, label, n, total FROM sums ORDER BY span, job_id' )->fetchAll( PDO::FETCH_NUM );
	}

	public function test_the_connection_is_the_drivers_sqlite_connection_or_none(): void {
		$pdo             = $this->pdo;
		$GLOBALS['wpdb'] = (object) array(
			'dbh' => new class( $pdo ) {
				public function __construct( private PDO $pdo ) {}
				public function get_sqlite_pdo(): PDO {
					return $this->pdo;
				}
			},
		);
		$this->assertSame( $pdo, DirectSqlite::connection() );
		$GLOBALS['wpdb'] = (object) array( 'dbh' => new stdClass() ); // mysqli, or an older drop-in.
		$this->assertNull( DirectSqlite::connection() );
	}

	public function test_inserts_integers_text_and_null_as_given(): void {
		$this->assertTrue( DirectSqlite::insert( $this->pdo, 'sums', array( 'span', 'job_id', 'label', 'n', 'total' ), array( array( 1, 2, "O'Brien \"café\"", 3, null ), array( 1, 3, '', 0, -5 ) ) ) );
		$this->assertSame( array( array( 1, 2, "O'Brien \"café\"", 3, null ), array( 1, 3, '', 0, -5 ) ), $this->rows() );
		$this->assertSame( 'integer', $this->pdo->query( 'SELECT typeof(n) FROM sums LIMIT 1' )->fetchColumn() );
	}

	public function test_an_existing_key_adds_replaces_or_keeps_as_asked(): void {
		$columns = array( 'span', 'job_id', 'label', 'n', 'total' );
		DirectSqlite::insert( $this->pdo, 'sums', $columns, array( array( 1, 1, 'first', 5, 10 ), array( 1, 2, 'first', 1, 1 ) ) );
		// ON DUPLICATE KEY UPDATE n = n + VALUES(n), total = VALUES(total): the label stays the first row's.
		$this->assertTrue( DirectSqlite::insert( $this->pdo, 'sums', $columns, array( array( 1, 1, 'second', -2, 7 ), array( 2, 1, 'new', 4, 4 ) ), array( 'span', 'job_id' ), array( 'n' => DirectSqlite::ADD, 'total' => DirectSqlite::REPLACE ) ) );
		$this->assertSame( array( array( 1, 1, 'first', 3, 7 ), array( 1, 2, 'first', 1, 1 ), array( 2, 1, 'new', 4, 4 ) ), $this->rows() );
		// ON DUPLICATE KEY UPDATE x = x: existing rows kept, missing ones made.
		$this->assertTrue( DirectSqlite::insert( $this->pdo, 'sums', $columns, array( array( 1, 2, 'third', 9, 9 ), array( 3, 1, 'made', 0, null ) ), array( 'span', 'job_id' ) ) );
		$this->assertSame( array( array( 1, 1, 'first', 3, 7 ), array( 1, 2, 'first', 1, 1 ), array( 2, 1, 'new', 4, 4 ), array( 3, 1, 'made', 0, null ) ), $this->rows() );
	}

	public function test_more_rows_than_one_statement_binds_are_written_in_chunks(): void {
		$rows = array();
		for ( $i = 0; $i < 1000; $i++ ) { // 5,000 values: six statements of at most 999.
			$rows[] = array( $i % 3, $i, 'x', 1, $i );
		}
		$this->assertTrue( DirectSqlite::insert( $this->pdo, 'sums', array( 'span', 'job_id', 'label', 'n', 'total' ), $rows ) );
		$this->assertSame( array( 1000, 499500 ), array_map( 'intval', $this->pdo->query( 'SELECT COUNT(*), SUM(total) FROM sums' )->fetch( PDO::FETCH_NUM ) ) );
		// The same rows again, adding: every row's n is 2 (a chunk's rows are never applied twice or skipped).
		$this->assertTrue( DirectSqlite::insert( $this->pdo, 'sums', array( 'span', 'job_id', 'label', 'n', 'total' ), $rows, array( 'span', 'job_id' ), array( 'n' => DirectSqlite::ADD ) ) );
		$this->assertSame( array( '2' ), array_map( 'strval', $this->pdo->query( 'SELECT DISTINCT n FROM sums' )->fetchAll( PDO::FETCH_COLUMN ) ) );
	}

	public function test_a_failed_statement_is_false_with_its_error(): void {
		DirectSqlite::insert( $this->pdo, 'sums', array( 'span', 'job_id', 'n' ), array( array( 1, 1, 1 ) ) );
		$this->assertFalse( DirectSqlite::insert( $this->pdo, 'sums', array( 'span', 'job_id', 'n' ), array( array( 1, 1, 1 ) ) ) );
		$this->assertStringContainsString( 'UNIQUE constraint failed', $GLOBALS['wpdb']->last_error );
		$this->assertFalse( DirectSqlite::insert( $this->pdo, 'sums', array( 'span', 'job_id', 'n' ), array( array( 2, 1, null ) ) ) );
		$this->assertStringContainsString( 'NOT NULL', $GLOBALS['wpdb']->last_error );
	}
}
