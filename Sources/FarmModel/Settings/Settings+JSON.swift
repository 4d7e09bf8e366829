// settings.json's one item, read member by member: a value this version lacks (the theme
// "sepia", the language "de", the farm's name as a number, a limit out of range) means that
// setting's default is in use, and the value is kept as it came and saved back with the rest;
// a key it does not know is kept too. Only a file that is not JSON at all is set aside.
// Each setting is one line of `members`, read and written as its Codable type.

import FoundationEssentials
import SprayBase

/// One member of settings.json: its key and how its value is read into, and written from, the settings.
struct SettingsMember: Sendable {
    let key: String
    /// Sets the value `json` gives; false when this version cannot use it (the default stays).
    let read: @Sendable (inout Settings, [UInt8]) -> Bool
    /// The value as JSON; nil when it is left out (absent, nil).
    let write: @Sendable (Settings) -> String?

    init<Value: Codable & Sendable>(_ key: String, _ path: WritableKeyPath<Settings, Value> & Sendable,
                                    accepting isAccepted: @escaping @Sendable (Value) -> Bool = { _ in true }) {
        self.key = key
        read = { settings, json in
            guard let value = try? JSONDecoder().decode(Value.self, from: Data(json)), isAccepted(value) else { return false }
            settings[keyPath: path] = value
            return true
        }
        write = { settings in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(settings[keyPath: path]) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            return text == "null" ? nil : text
        }
    }
}

extension Settings: JSONLineCodable {
    /// Every setting in settings.json, its key, in the order written: a new setting is one line here.
    static let members: [SettingsMember] = [
        SettingsMember("copyFolder", \.copyFolder),
        SettingsMember("copyMadeOn", \.copyMadeOn),
        SettingsMember("farmName", \.farmName),
        SettingsMember("language", \.language),
        // A limit out of range (a hand-edited file) is no limit rather than a wrong one.
        SettingsMember("modeOfActionLimit", \.modeOfActionLimit) { $0.map(Settings.modeOfActionLimits.contains) ?? true },
        SettingsMember("organicFarm", \.organicFarm),
        SettingsMember("producerNumber", \.producerNumber),
        SettingsMember("shoppingFavorites", \.shoppingFavorites),
        SettingsMember("theme", \.theme),
    ]

    package init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        self.init()
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            let name = key.text
            guard let member = Self.members.first(where: { $0.key == name }) else {
                try kept.unknown.keep(name, from: &scanner)
                continue
            }
            let json = try scanner.rawValue()
            if !member.read(&self, json) { kept.values.keep(name, json: json) }
        }
    }

    package func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        var members = ""
        for member in Self.members {
            let prefix = members.isEmpty ? "" : ","
            if kept.values.write(member.key, to: &members, prefix: prefix) { continue }
            if let json = member.write(self) { members += prefix + JSONValue.quote(member.key) + ":" + json }
        }
        // Unknown members follow the known ones, each after a comma.
        var unknown = ""
        kept.unknown.append(to: &unknown)
        line += "{" + (members.isEmpty ? String(unknown.dropFirst()) : members + unknown) + "}"
    }

    /// The settings after a change from `before`: a value kept unread gives way to the one this
    /// version now sets in its place.
    package mutating func forgetKeptValues(changedFrom before: Settings) {
        for member in Self.members where member.write(before) != member.write(self) { kept.values.remove(member.key) }
    }
}
