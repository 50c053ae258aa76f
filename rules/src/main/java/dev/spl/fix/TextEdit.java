package dev.spl.fix;

/**
 * One change to a file's text: {@code start}..{@code end} (char offsets, end exclusive) become
 * {@code replacement}. Lines and columns are 1-based, columns in code points (as findings give
 * them); the end is the position just after the replaced text.
 */
public record TextEdit(
    String file,
    int start,
    int end,
    int startLine,
    int startColumn,
    int endLine,
    int endColumn,
    String replacement) {}
