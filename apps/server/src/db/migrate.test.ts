import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('splits on line-ending semicolons but not inside $$ bodies, and drops comment lines', () => {
    const script = [
      '-- a comment;',
      'CREATE TABLE a (x int);',
      'CREATE FUNCTION f() RETURNS int AS $$',
      'BEGIN RETURN 1;',
      'END; $$ LANGUAGE plpgsql;',
      'SELECT 1',
    ].join('\n');
    expect(splitStatements(script)).toEqual([
      'CREATE TABLE a (x int);',
      'CREATE FUNCTION f() RETURNS int AS $$\nBEGIN RETURN 1;\nEND; $$ LANGUAGE plpgsql;',
      'SELECT 1',
    ]);
  });
});
