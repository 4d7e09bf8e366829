// The error of a failed result, or nil: for code (the command line's --product reader) and
// tests that ask only which problem there was.

extension Result {
    public var failure: Failure? {
        if case let .failure(error) = self { error } else { nil }
    }
}
