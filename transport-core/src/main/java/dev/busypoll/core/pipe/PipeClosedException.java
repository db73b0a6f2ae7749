package dev.busypoll.core.pipe;

/**
 * Thrown by a pipe operation on a side that is closed: a write after the reader left (EPIPE), or any
 * operation on a side its owner closed. The message of the exception says which side and what to do.
 */
public class PipeClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was closed and what the caller can do
     */
    public PipeClosedException(String message) {
        super(message);
    }
}
