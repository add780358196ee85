<?php
/**
 * What the WordPress Coding Standards checked that CI cannot run (neither npm nor Debian serves WPCS): $wpdb only in
 * the data layer, prepared SQL, late escaping, nonces and sanitising for request input (tests/php/lib/SourceRules.php,
 * over PHP's tokenizer). The shipped PHP must pass every rule; planted violations show that each rule catches what
 * it is for, and that an exception needs its reason.
 *
 * @package RecruitingReports
 */

use PHPUnit\Framework\TestCase;
use RecruitingReports\Tests\SourceRules;

require_once __DIR__ . '/lib/SourceRules.php';

/**
 * The rules over the plugin and over fixtures.
 */
final class SecurityRulesTest extends TestCase {

	/**
	 * The PHP that ships (scripts/plugin-zip.mjs): plugin.php, uninstall.php, includes/.
	 *
	 * @return array<string,string> path relative to the plugin root => source
	 */
	private static function shipped_php(): array {
		$root  = dirname( __DIR__, 2 );
		$files = array(
			'plugin.php'    => file_get_contents( "$root/plugin.php" ),
			'uninstall.php' => file_get_contents( "$root/uninstall.php" ),
		);
		$tree  = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( "$root/includes", FilesystemIterator::SKIP_DOTS ) );
		foreach ( $tree as $file ) {
			if ( str_ends_with( $file->getFilename(), '.php' ) ) {
				$files[ substr( str_replace( '\\', '/', $file->getPathname() ), strlen( $root ) + 1 ) ] = file_get_contents( $file->getPathname() );
			}
		}
		ksort( $files );
		return $files;
	}

	/**
	 * Every shipped PHP file passes every rule.
	 */
	public function test_the_shipped_php_passes_every_rule(): void {
		$files = self::shipped_php();
		$this->assertGreaterThan( 90, count( $files ), 'includes/ was found' );
		$found   = array();
		$queries = 0;
		foreach ( $files as $path => $code ) {
			$rules = new SourceRules( $code );
			foreach ( array_merge( $rules->wpdb_outside_data_layer( $path ), $rules->unprepared_queries(), $rules->unescaped_output(), $rules->unverified_input(), $rules->unexplained_annotations() ) as $violation ) {
				$found[] = "$path $violation";
			}
			$queries += $rules->query_call_count();
		}
		$this->assertSame( array(), $found );
		$this->assertGreaterThan( 80, $queries, 'the query rule saw the plugin\'s $wpdb calls' );
	}

	/**
	 * $wpdb is for includes/Data/ and includes/Reports/; the listed exceptions may touch only their members.
	 */
	public function test_wpdb_outside_the_data_layer_is_caught(): void {
		$code = '<?php global $wpdb; $wpdb->get_var( "SELECT 1" ); $GLOBALS[\'wpdb\']->query( "SELECT 1" );';
		$this->assertSame(
			array(
				'line 1: $wpdb outside includes/Data/ and includes/Reports/',
				'line 1: $wpdb->get_var outside includes/Data/ and includes/Reports/',
				'line 1: $GLOBALS[\'wpdb\'] outside includes/Data/ and includes/Reports/',
			),
			( new SourceRules( $code ) )->wpdb_outside_data_layer( 'includes/Rest/Planted.php' )
		);
		$this->assertSame( array(), ( new SourceRules( $code ) )->wpdb_outside_data_layer( 'includes/Data/Planted.php' ) );
		$this->assertSame( array(), ( new SourceRules( $code ) )->wpdb_outside_data_layer( 'includes/Reports/Planted.php' ) );

		$preload = "<?php\nglobal \$wpdb;\n\$key = \$wpdb->get_blog_prefix() . 'persisted_preferences';\n\$wpdb->query( 'DELETE FROM t' );";
		$this->assertSame(
			array( 'line 4: $wpdb->query outside includes/Data/ and includes/Reports/' ),
			( new SourceRules( $preload ) )->wpdb_outside_data_layer( 'includes/Admin/Preload.php' )
		);
	}

	/**
	 * A query is $wpdb->prepare() of literal SQL, or literal SQL; anything built from variables is caught.
	 */
	public function test_unprepared_queries_are_caught(): void {
		$code = <<<'PHP'
<?php
$wpdb->query( "DELETE FROM t WHERE id = $id" );
$wpdb->get_results( $sql );
$wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE $where", $table ) );
$wpdb->get_row( 'SELECT ' . $column . ' FROM t' );
$wpdb->get_col( build_query() );
$wpdb->get_var( $wpdb->prepare( 'SELECT 1 FROM t WHERE id IN (' . implode( ',', $ids ) . ')' ) );
$db = $wpdb;
$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', $t ) . " WHERE $where" );
PHP;
		$this->assertSame(
			array(
				'line 2: $wpdb->query() is given $id, neither prepared nor a literal',
				'line 3: $wpdb->get_results() is given $sql, neither prepared nor a literal',
				'line 4: the query given to $wpdb->prepare() holds $where, neither prepared nor a literal',
				'line 5: $wpdb->get_row() is given $column, neither prepared nor a literal',
				'line 6: $wpdb->get_col() is given build_query, neither prepared nor a literal',
				'line 7: the query given to $wpdb->prepare() holds implode, neither prepared nor a literal',
				'line 9: $wpdb->query() is given $wpdb, neither prepared nor a literal',
				'line 8: $wpdb is assigned to another variable, whose queries are not checked',
			),
			( new SourceRules( $code ) )->unprepared_queries()
		);
	}

	/**
	 * Literal SQL, prepared literal SQL with WordPress's table names, constants and a list of placeholders pass.
	 */
	public function test_prepared_and_literal_queries_pass(): void {
		$code = <<<'PHP'
<?php
$wpdb->query( 'START TRANSACTION' );
$wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE id = %d', $table, $id ) );
$wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_type = %s", $type ) );
$wpdb->get_var( "SELECT COUNT(*) FROM $wpdb->users" );
$wpdb->get_results( $wpdb->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i WHERE id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')', $args ) );
PHP;
		$rules = new SourceRules( $code );
		$this->assertSame( array(), $rules->unprepared_queries() );
		$this->assertSame( 5, $rules->query_call_count() );
	}

	/**
	 * An exception is the WPCS annotation with a reason; without the reason it does not count.
	 */
	public function test_a_query_exception_needs_its_reason(): void {
		$code = <<<'PHP'
<?php
// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- built above from placeholders only.
$wpdb->query( $sql );
$wpdb->query( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $direction is ASC or DESC.
$wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i ORDER BY id $direction", $table ) );
// phpcs:enable
$wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i ORDER BY id $direction", $table ) );
PHP;
		$this->assertSame(
			array(
				'line 4: $wpdb->query() is given $sql, neither prepared nor a literal',
				'line 8: the query given to $wpdb->prepare() holds $direction, neither prepared nor a literal',
			),
			( new SourceRules( $code ) )->unprepared_queries()
		);
	}

	/**
	 * Every phpcs:ignore and phpcs:disable names its sniff codes and gives its reason, whatever the sniff.
	 */
	public function test_an_annotation_names_its_sniffs_and_its_reason(): void {
		$code = <<<'PHP'
<?php
$a = base64_encode( $b ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- text form of random bytes.
// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only filters of a view.
$c = absint( $_GET['page'] ?? 1 );
// phpcs:enable WordPress.Security.NonceVerification.Recommended
$a = base64_encode( $b ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
$a = base64_encode( $b ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode --
// phpcs:disable WordPress.Security.NonceVerification
$c = absint( $_GET['page'] ?? 1 );
// phpcs:enable
$a = base64_encode( $b ); // phpcs:ignore -- everything on this line.
$a = base64_encode( $b ); // phpcs:ignore WordPress -- the whole standard.
/* phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode */
$a = base64_encode( $b );
// phpcs:ignoreFile -- generated.
// @codingStandardsIgnoreLine
PHP;
		$this->assertSame(
			array(
				"line 6: phpcs:ignore gives no reason after ' -- '",
				"line 7: phpcs:ignore gives no reason after ' -- '",
				"line 8: phpcs:disable gives no reason after ' -- '",
				'line 11: phpcs:ignore names no sniff',
				'line 12: phpcs:ignore names WordPress, not a sniff code',
				"line 13: phpcs:ignore gives no reason after ' -- '",
				'line 15: phpcs:ignoreFile silences more than a line',
				'line 16: @codingStandardsIgnoreLine silences more than a line',
			),
			( new SourceRules( $code ) )->unexplained_annotations()
		);
	}

	/**
	 * Printed values must be escaped as they are printed: echo, print, <?=, printf, and _e() never.
	 */
	public function test_unescaped_output_is_caught(): void {
		$code = <<<'PHP'
<?php
echo $name;
echo '<p>' . $name . '</p>';
print $label;
printf( '<a href="%s">%s</a>', esc_url( $url ), $title );
_e( 'Hello', 'recruiting-reports' );
echo "Hello $name";
echo $ready ? $name : 'none';
echo esc_html( $a ) . strtoupper( $b );
echo esc_html( $a ), $b;
?>
<p><?= $name ?></p>
PHP;
		$this->assertSame(
			array(
				'line 2: echo prints $name unescaped',
				'line 3: echo prints $name unescaped',
				'line 4: print prints $label unescaped',
				'line 5: printf prints $title unescaped',
				'line 6: _e() prints translated text unescaped (esc_html_e(), esc_attr_e() escape it)',
				'line 7: echo prints " unescaped',
				'line 8: echo prints $name unescaped',
				'line 9: echo prints strtoupper unescaped',
				'line 10: echo prints $b unescaped',
				'line 12: <?= prints $name unescaped',
			),
			( new SourceRules( $code ) )->unescaped_output()
		);
	}

	/**
	 * Escaped, literal, numeric and constant output passes; an excused line needs its reason.
	 */
	public function test_escaped_output_passes(): void {
		$code = <<<'PHP'
<?php
echo '<h1>' . esc_html( $title ) . '</h1>';
echo '<p>' . esc_html__( 'Hello', 'recruiting-reports' ) . '</p>', PHP_EOL;
printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $current, $value, false ), esc_html( $label ) );
echo (int) $count, Csv::BOM;
echo $ready ? 'yes' : esc_html( $why );
esc_html_e( 'Hello', 'recruiting-reports' );
echo $csv; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CSV, escaped by Csv::cell().
echo $csv; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
PHP;
		$this->assertSame( array( 'line 9: echo prints $csv unescaped' ), ( new SourceRules( $code ) )->unescaped_output() );
	}

	/**
	 * Request input: a nonce check earlier in the same function, and wp_unslash() and a sanitiser where it is read.
	 */
	public function test_unverified_input_is_caught(): void {
		$code = <<<'PHP'
<?php
function save_without_nonce() {
	$name = sanitize_text_field( wp_unslash( $_POST['name'] ) );
}
function save_unsanitised() {
	check_admin_referer( 'save' );
	$name = $_POST['name'];
	$slug = sanitize_key( $_POST['slug'] );
}
function check_elsewhere() {
	check_admin_referer( 'save' );
}
function save_after_a_check_elsewhere() {
	$id = absint( $_POST['id'] );
}
function referrer() {
	return $_SERVER['HTTP_REFERER'];
}
PHP;
		$this->assertSame(
			array(
				'line 3: $_POST read without a nonce check before it in the function',
				'line 7: $_POST read without wp_unslash() and a sanitiser around it',
				'line 8: $_POST read without wp_unslash() and a sanitiser around it',
				'line 14: $_POST read without a nonce check before it in the function',
				'line 17: $_SERVER read without wp_unslash() and a sanitiser around it',
			),
			( new SourceRules( $code ) )->unverified_input()
		);
	}

	/**
	 * Checked, sanitised input passes; a read-only filter excused with its reason passes.
	 */
	public function test_verified_input_passes(): void {
		$code = <<<'PHP'
<?php
function save() {
	check_admin_referer( 'save' );
	if ( isset( $_POST['name'] ) ) {
		$name = sanitize_text_field( wp_unslash( $_POST['name'] ) );
	}
	$id = absint( $_POST['id'] ?? 0 );
	$n  = (int) $_REQUEST['n'];
}
function view() {
	// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only filters of a view.
	$period = isset( $_GET['period'] ) ? sanitize_key( wp_unslash( $_GET['period'] ) ) : '';
	// phpcs:enable WordPress.Security.NonceVerification.Recommended
}
PHP;
		$this->assertSame( array(), ( new SourceRules( $code ) )->unverified_input() );
	}
}
