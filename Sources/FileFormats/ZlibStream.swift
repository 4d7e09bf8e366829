// One zlib pass over a whole buffer, for the ZIP reader (inflate) and writer (deflate): the
// input and the output in memory, the stream pointed at both, one Z_FINISH step.

import CZlib

extension z_stream {
    /// Runs `step` (inflate or deflate) once with Z_FINISH from `input` into `output`; zlib's status.
    mutating func finish(_ input: [UInt8], into output: inout [UInt8],
                         _ step: (UnsafeMutablePointer<z_stream>, Int32) -> Int32) -> Int32 {
        var input = input
        return input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                next_in = source.baseAddress
                avail_in = uInt(source.count)
                next_out = target.baseAddress
                avail_out = uInt(target.count)
                return step(&self, Z_FINISH)
            }
        }
    }
}
