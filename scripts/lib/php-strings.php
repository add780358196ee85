<?php
/**
 * The translatable strings of PHP files, read with PHP's own tokenizer (WP-CLI's `wp i18n make-pot` did this
 * before; it is served by neither npm nor Debian). Used by scripts/make-pot.mjs:
 *
 *   php scripts/lib/php-strings.php <text domain> <root> <file or folder>...
 *
 * prints a JSON list of calls: {msgctxt, msgid, msgid_plural, comments, reference}, one per call of a WordPress
 * gettext function whose domain is <text domain> and whose strings are literals (calls with a variable in a string
 * or the domain are listed on stderr and skipped, as xgettext and WP-CLI skip them). A `translators:` comment
 * belongs to the first such call after it in the same statement.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Scripts;

use PhpToken;
use RecursiveDirectoryIterator;
use RecursiveIteratorIterator;

/**
 * Argument positions of each gettext function: text, plural, context, domain.
 */
const FUNCTIONS = array(
	'__'          => array( 'msgid' => 0, 'domain' => 1 ),
	'_e'          => array( 'msgid' => 0, 'domain' => 1 ),
	'esc_html__'  => array( 'msgid' => 0, 'domain' => 1 ),
	'esc_html_e'  => array( 'msgid' => 0, 'domain' => 1 ),
	'esc_attr__'  => array( 'msgid' => 0, 'domain' => 1 ),
	'esc_attr_e'  => array( 'msgid' => 0, 'domain' => 1 ),
	'esc_xml__'   => array( 'msgid' => 0, 'domain' => 1 ),
	'esc_xml_e'   => array( 'msgid' => 0, 'domain' => 1 ),
	'_x'          => array( 'msgid' => 0, 'msgctxt' => 1, 'domain' => 2 ),
	'_ex'         => array( 'msgid' => 0, 'msgctxt' => 1, 'domain' => 2 ),
	'esc_html_x'  => array( 'msgid' => 0, 'msgctxt' => 1, 'domain' => 2 ),
	'esc_attr_x'  => array( 'msgid' => 0, 'msgctxt' => 1, 'domain' => 2 ),
	'esc_xml_x'   => array( 'msgid' => 0, 'msgctxt' => 1, 'domain' => 2 ),
	'_n'          => array( 'msgid' => 0, 'msgid_plural' => 1, 'domain' => 3 ),
	'_nx'         => array( 'msgid' => 0, 'msgid_plural' => 1, 'msgctxt' => 3, 'domain' => 4 ),
	'_n_noop'     => array( 'msgid' => 0, 'msgid_plural' => 1, 'domain' => 2 ),
	'_nx_noop'    => array( 'msgid' => 0, 'msgid_plural' => 1, 'msgctxt' => 2, 'domain' => 3 ),
);

/**
 * The calls of one file.
 *
 * @param string $code      PHP source.
 * @param string $reference Path for references.
 * @param string $domain    Text domain.
 * @return array<int,array<string,mixed>>
 */
function strings_of( string $code, string $reference, string $domain ): array {
	$tokens   = PhpToken::tokenize( $code );
	$comments = array(); // translators: comments since the statement began.
	$found    = array();
	foreach ( $tokens as $i => $token ) {
		if ( $token->is( array( T_COMMENT, T_DOC_COMMENT ) ) && preg_match( '/^(?:\/\*+|\/\/)\s*translators:/i', $token->text ) ) {
			$comments[] = comment_text( $token->text );
		} elseif ( $token->is( array( ';', '{', '}' ) ) ) {
			$comments = array();
		} elseif ( is_gettext_call( $tokens, $i ) ) {
			$call      = read_call( $tokens, $i, FUNCTIONS[ strtolower( ltrim( $token->text, '\\' ) ) ] );
			$call_site = "$reference:{$token->line}";
			if ( null === $call ) {
				fwrite( STDERR, "skipped $call_site: {$token->text}() with a string or domain that is not a literal\n" );
				continue;
			}
			if ( $domain !== $call['domain'] ) {
				continue;
			}
			unset( $call['domain'] );
			$found[]  = $call + array(
				'comments'  => array_values( array_unique( $comments ) ),
				'reference' => $call_site,
			);
			$comments = array();
		}
	}
	return $found;
}

/**
 * Whether the token at $i names a gettext function in a call (not a method, a declaration or a constant).
 *
 * @param PhpToken[] $tokens Tokens.
 * @param int        $i      Index.
 * @return bool
 */
function is_gettext_call( array $tokens, int $i ): bool {
	if ( ! $tokens[ $i ]->is( array( T_STRING, T_NAME_FULLY_QUALIFIED ) ) || ! isset( FUNCTIONS[ strtolower( ltrim( $tokens[ $i ]->text, '\\' ) ) ] ) ) {
		return false;
	}
	$next     = neighbour( $tokens, $i, 1 );
	$previous = neighbour( $tokens, $i, -1 );
	return null !== $next && $tokens[ $next ]->is( '(' )
		&& ( null === $previous || ! $tokens[ $previous ]->is( array( T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION, T_NEW ) ) );
}

/**
 * The strings of a call, or null when one of them is not a literal.
 *
 * @param PhpToken[]        $tokens    Tokens.
 * @param int               $i         Index of the function name.
 * @param array<string,int> $positions Argument position of each field.
 * @return array<string,string>|null
 */
function read_call( array $tokens, int $i, array $positions ): ?array {
	$arguments = array( array() );
	$depth     = 0;
	$count     = count( $tokens );
	for ( $j = neighbour( $tokens, $i, 1 ) + 1; $j < $count; $j++ ) {
		$token = $tokens[ $j ];
		if ( $token->is( array( '(', '[', '{', T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ) ) ) {
			++$depth;
		} elseif ( $token->is( array( ')', ']', '}' ) ) && 0 === $depth-- ) {
			break;
		} elseif ( 0 === $depth && $token->is( ',' ) ) {
			$arguments[] = array();
			continue;
		}
		if ( ! $token->isIgnorable() ) {
			$arguments[ count( $arguments ) - 1 ][] = $token;
		}
	}
	$call = array();
	foreach ( $positions as $field => $position ) {
		$argument = $arguments[ $position ] ?? array();
		if ( 1 !== count( $argument ) || ! $argument[0]->is( T_CONSTANT_ENCAPSED_STRING ) ) {
			return null;
		}
		$call[ $field ] = literal_value( $argument[0]->text );
	}
	return $call;
}

/**
 * The index of the nearest code token before ($step -1) or after ($step 1) $i, or null.
 *
 * @param PhpToken[] $tokens Tokens.
 * @param int        $i      Index.
 * @param int        $step   Direction.
 * @return int|null
 */
function neighbour( array $tokens, int $i, int $step ): ?int {
	for ( $j = $i + $step; isset( $tokens[ $j ] ); $j += $step ) {
		if ( ! $tokens[ $j ]->isIgnorable() ) {
			return $j;
		}
	}
	return null;
}

/**
 * The value of a single- or double-quoted string literal without interpolation.
 *
 * @param string $literal Literal as written.
 * @return string
 */
function literal_value( string $literal ): string {
	$body = substr( $literal, 1, -1 );
	if ( "'" === $literal[0] ) {
		return preg_replace( '/\\\\([\\\\\'])/', '$1', $body );
	}
	$simple = array(
		'n'  => "\n",
		't'  => "\t",
		'r'  => "\r",
		'v'  => "\v",
		'e'  => "\e",
		'f'  => "\f",
		'\\' => '\\',
		'$'  => '$',
		'"'  => '"',
	);
	return preg_replace_callback(
		'/\\\\(?:([ntrvef\\\\$"])|([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|u\{([0-9A-Fa-f]+)\})/',
		static function ( array $match ) use ( $simple ): string {
			if ( '' !== ( $match[1] ?? '' ) ) {
				return $simple[ $match[1] ];
			}
			if ( '' !== ( $match[2] ?? '' ) ) {
				return chr( octdec( $match[2] ) & 255 );
			}
			if ( '' !== ( $match[3] ?? '' ) ) {
				return chr( hexdec( $match[3] ) );
			}
			return mb_chr( hexdec( $match[4] ), 'UTF-8' );
		},
		$body
	);
}

/**
 * A comment's text without its markers, one line per comment line.
 *
 * @param string $comment Comment as written.
 * @return string
 */
function comment_text( string $comment ): string {
	$text  = preg_replace( array( '/^\/\/\s?/', '/^\/\*+\s*/', '/\s*\*+\/$/' ), '', trim( $comment ) );
	$lines = array_map( static fn( $line ) => trim( preg_replace( '/^\s*\*\s?/', '', $line ) ), explode( "\n", $text ) );
	return implode( "\n", array_filter( $lines, 'strlen' ) );
}

/**
 * The PHP files under the given paths, relative to the root, sorted.
 *
 * @param string   $root  Root folder.
 * @param string[] $paths Files or folders relative to the root.
 * @return string[]
 */
function php_files( string $root, array $paths ): array {
	$files = array();
	foreach ( $paths as $path ) {
		if ( is_file( "$root/$path" ) ) {
			$files[] = $path;
			continue;
		}
		foreach ( new RecursiveIteratorIterator( new RecursiveDirectoryIterator( "$root/$path", RecursiveDirectoryIterator::SKIP_DOTS ) ) as $file ) {
			if ( str_ends_with( $file->getFilename(), '.php' ) ) {
				$files[] = substr( str_replace( '\\', '/', $file->getPathname() ), strlen( $root ) + 1 );
			}
		}
	}
	sort( $files );
	return $files;
}

if ( PHP_SAPI === 'cli' && realpath( $argv[0] ) === __FILE__ ) {
	[ , $domain, $root ] = $argv;
	$root                = rtrim( $root, '/' );
	$calls               = array();
	foreach ( php_files( $root, array_slice( $argv, 3 ) ) as $file ) {
		array_push( $calls, ...strings_of( file_get_contents( "$root/$file" ), $file, $domain ) );
	}
	echo json_encode( $calls, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR ), "\n";
}
