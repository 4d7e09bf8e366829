// The record form's crop picker and BBCH stage: what the crop text stands for, the crops it
// matches, choosing one, and the warning for a code not in the bundled list.

extension RecordFormViewModel {
    // MARK: Crop and BBCH

    /// Crops whose code or name holds every word typed, while no crop is chosen; at most
    /// `maximumMatches`.
    public var cropMatches: [Crop] {
        let text = self.text(of: .crop).trimmedWhitespace
        guard crop == nil, !text.isEmpty else { return [] }
        return Array(CropCatalog.search(text).prefix(Self.maximumMatches))
    }

    /// "pszenica ozima (TRZAW)", in the UI language: how the picker lists a crop.
    public func title(of crop: Crop) -> String {
        Self.display(crop.choice(in: Translation.current.language))
    }

    public func chooseCrop(_ chosen: Crop) {
        let choice = chosen.choice(in: Translation.current.language)
        crop = choice
        texts[.crop] = Self.display(choice)
        edits += 1
        onChange?(.fields)
    }

    /// Said of a crop code that is not in the bundled list: accepted, but worth a look.
    public var cropWarning: String? {
        guard showsCrop, let crop, CropCatalog.crop(code: crop.eppoCode) == nil else { return nil }
        return tr("%@ is not in the list of crops: check the code").filled(crop.eppoCode)
    }

    /// Under the crop field: the crop a typed code or name stands for ("pszenica ozima
    /// (TRZAW)" for "trzaw"), or the warning for a code not in the list.
    public var cropNote: String? {
        if let cropWarning { return cropWarning }
        guard showsCrop, let crop else { return nil }
        let display = Self.display(crop)
        return text(of: .crop).trimmedWhitespace == display ? nil : display
    }

    /// The principal growth stage of the BBCH code typed, in the UI language.
    public var bbchStageName: String? {
        BBCHStage.of(code: text(of: .bbch).trimmedWhitespace)?.name(in: Translation.current.language)
    }

    nonisolated static func display(_ choice: CropChoice) -> String {
        choice.name.trimmedWhitespace.isEmpty ? choice.eppoCode : choice.name + " (" + choice.eppoCode + ")"
    }

    /// A crop's code or whole name (any case, diacritics optional), the chosen crop's text, or
    /// a code of the EPPO shape not in the list; nil while the text is still a search.
    func interpretCrop(_ text: String) -> CropChoice? {
        let typed = text.trimmedWhitespace
        guard !typed.isEmpty else { return nil }
        if let crop, typed == Self.display(crop) { return crop }
        return CropCatalog.choice(typed: typed)
    }
}

extension CropCatalog {
    /// A crop's code, whole name (any case, diacritics optional) or "name (CODE)", or a code
    /// of the EPPO shape not in the list; nil for anything else.
    /// Named in the UI's language; or, for a file (`fileLanguage` given), a name matched in
    /// the language it was written in and a code in the file's language — never the window's.
    public static func choice(typed text: String, fileLanguage: Language? = nil) -> CropChoice? {
        let typed = text.trimmedWhitespace
        guard !typed.isEmpty else { return nil }
        let language = fileLanguage ?? Translation.current.language
        if let known = crop(code: typed) { return known.choice(in: language) }
        if typed.hasSuffix(")"), let open = typed.lastIndex(of: "("),
           let known = crop(code: String(typed[typed.index(after: open)...].dropLast())) {
            return known.choice(in: language)
        }
        let folded = SearchFolding.fold(typed)
        let named = all.filter { SearchFolding.fold($0.polishName) == folded || SearchFolding.fold($0.englishName) == folded }
        if named.count == 1 {
            let written: Language = SearchFolding.fold(named[0].polishName) == folded ? .polish : .english
            return named[0].choice(in: fileLanguage == nil ? language : written)
        }
        if hasEPPOShape(typed) { return CropChoice(eppoCode: typed, name: "") }
        return nil
    }

    /// "pszenica ozima (TRZAW)" for every crop of the list, in the UI language: what a crop entry completes from.
    public static var titles: [String] {
        let language = Translation.current.language
        return all.map { RecordFormViewModel.display($0.choice(in: language)) }
    }
}
