/*
 * Copyright 2026 The busypoll maintainers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
