// The record form's crop picker and BBCH stage: what the crop text stands for, the crops it
// matches, choosing one, and the warning for a code not in the bundled list.

import FarmModel
import SprayBase


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
        crop.choice(in: Translation.current.language).title
    }

    public func chooseCrop(_ chosen: Crop) {
        let choice = chosen.choice(in: Translation.current.language)
        crop = choice
        texts[.crop] = choice.title
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
        let display = crop.title
        return text(of: .crop).trimmedWhitespace == display ? nil : display
    }

    /// The principal growth stage of the BBCH code typed, in the UI language.
    public var bbchStageName: String? {
        BBCHStage.of(code: text(of: .bbch).trimmedWhitespace)?.name(in: Translation.current.language)
    }

    /// A crop's code or whole name (any case, diacritics optional), the chosen crop's text, or
    /// a code of the EPPO shape not in the list; nil while the text is still a search.
    func interpretCrop(_ text: String) -> CropChoice? {
        let typed = text.trimmedWhitespace
        guard !typed.isEmpty else { return nil }
        if let crop, typed == crop.title { return crop }
        return CropCatalog.choice(typed: typed)
    }
}
