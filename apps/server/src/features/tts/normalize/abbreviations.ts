/** Abbreviations of commune bulletins and what a reader says for them (written case, as they appear). */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  // Authorities and bodies
  UBND: 'Ủy ban nhân dân',
  HĐND: 'Hội đồng nhân dân',
  UBMTTQ: 'Ủy ban Mặt trận Tổ quốc',
  UBMTTQVN: 'Ủy ban Mặt trận Tổ quốc Việt Nam',
  MTTQ: 'Mặt trận Tổ quốc',
  BCH: 'Ban chỉ huy',
  BCHQS: 'Ban chỉ huy quân sự',
  BQL: 'Ban quản lý',
  BTV: 'Ban thường vụ',
  UB: 'Ủy ban',
  CA: 'công an',
  CSGT: 'cảnh sát giao thông',
  BĐBP: 'bộ đội biên phòng',
  QS: 'quân sự',
  HTX: 'hợp tác xã',
  TTYT: 'trung tâm y tế',
  TYT: 'trạm y tế',
  THPT: 'trung học phổ thông',
  THCS: 'trung học cơ sở',
  ĐCSVN: 'Đảng Cộng sản Việt Nam',
  CHXHCN: 'Cộng hòa xã hội chủ nghĩa',
  CBCNV: 'cán bộ công nhân viên',
  TW: 'trung ương',
  // Disaster prevention
  'PCTT&TKCN': 'phòng chống thiên tai và tìm kiếm cứu nạn',
  'PCTT-TKCN': 'phòng chống thiên tai và tìm kiếm cứu nạn',
  PCTT: 'phòng chống thiên tai',
  TKCN: 'tìm kiếm cứu nạn',
  PCLB: 'phòng chống lụt bão',
  PCCC: 'phòng cháy chữa cháy',
  'PCCC&CNCH': 'phòng cháy chữa cháy và cứu nạn cứu hộ',
  CNCH: 'cứu nạn cứu hộ',
  KTTV: 'khí tượng thủy văn',
  ATNĐ: 'áp thấp nhiệt đới',
  // Departments
  'GD&ĐT': 'giáo dục và đào tạo',
  GDĐT: 'giáo dục đào tạo',
  'NN&PTNT': 'nông nghiệp và phát triển nông thôn',
  'TN&MT': 'tài nguyên và môi trường',
  'LĐ-TB&XH': 'lao động thương binh và xã hội',
  'VH-TT&DL': 'văn hóa thể thao và du lịch',
  // Documents
  'NĐ-CP': 'nghị định chính phủ',
  'QĐ-UBND': 'quyết định ủy ban nhân dân',
  'CT-TTg': 'chỉ thị thủ tướng',
  QĐ: 'quyết định',
  NĐ: 'nghị định',
  KH: 'kế hoạch',
  CV: 'công văn',
  TB: 'thông báo',
  'V/v': 'về việc',
  'v/v': 'về việc',
  'K/g': 'kính gửi',
  'Đ/c': 'đồng chí',
  'đ/c': 'đồng chí',
  'v.v.': 'vân vân',
  'v.v': 'vân vân',
  // Places and roads
  'TP.HCM': 'Thành phố Hồ Chí Minh',
  'TP. HCM': 'Thành phố Hồ Chí Minh',
  TPHCM: 'Thành phố Hồ Chí Minh',
  HCM: 'Hồ Chí Minh',
  'TP.': 'thành phố',
  'Tp.': 'thành phố',
  TP: 'thành phố',
  'TX.': 'thị xã',
  'TT.': 'thị trấn',
  KP: 'khu phố',
  QL: 'quốc lộ',
  TL: 'tỉnh lộ',
  VN: 'Việt Nam',
  ĐBSCL: 'đồng bằng sông Cửu Long',
  // Everyday
  SĐT: 'số điện thoại',
  BHYT: 'bảo hiểm y tế',
  BHXH: 'bảo hiểm xã hội',
  ATGT: 'an toàn giao thông',
  ATTP: 'an toàn thực phẩm',
  'COVID-19': 'cô vít mười chín',
  'Covid-19': 'cô vít mười chín',
  COVID: 'cô vít',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One pattern for all of them, longest first so "TP.HCM" wins over "TP". */
const pattern = new RegExp(
  `(?<![\\p{L}\\p{N}&/])(${Object.keys(ABBREVIATIONS).sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}&])`,
  'gu',
);

/** Replaces the known abbreviations by their words. */
export function expandAbbreviations(text: string): string {
  return text.replace(pattern, (match) => ` ${ABBREVIATIONS[match]} `);
}

const LETTER_NAMES: Readonly<Record<string, string>> = {
  A: 'a', Ă: 'á', Â: 'ớ', B: 'bê', C: 'xê', D: 'dê', Đ: 'đê', E: 'e', Ê: 'ê', F: 'ép', G: 'gờ', H: 'hát', I: 'i', J: 'gi',
  K: 'ca', L: 'lờ', M: 'mờ', N: 'nờ', O: 'o', Ô: 'ô', Ơ: 'ơ', P: 'pê', Q: 'quy', R: 'rờ', S: 'ét', T: 'tê', U: 'u', Ư: 'ư',
  V: 'vê', W: 'vê kép', X: 'ích', Y: 'i dài', Z: 'dét',
};

// A Vietnamese syllable (roughly): onset, vowel nucleus with any tone, coda. Words that fit are read, others are spelled.
const V = 'AĂÂEÊIOÔƠUƯYÀÁẢÃẠẰẮẲẴẶẦẤẨẪẬÈÉẺẼẸỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌỒỐỔỖỘỜỚỞỠỢÙÚỦŨỤỪỨỬỮỰỲÝỶỸỴ';
const SYLLABLE = new RegExp(`^(NGH|NG|NH|CH|GH|GI|KH|PH|QU|TH|TR|[BCDĐGHKLMNPRSTVX])?[${V}]{1,3}(NG|NH|CH|[CMNPTIOUY])?$`, 'u');

/** Spells out an all-capital word that no Vietnamese syllable fits ("ATTP" → "a tê tê pê"); keeps real words. */
export function spellAcronyms(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{Lu}{2,8}(?![\p{L}\p{N}])/gu, (word) => {
    if (SYLLABLE.test(word)) return word;
    const letters = [...word].map((ch) => LETTER_NAMES[ch]);
    return letters.every(Boolean) ? letters.join(' ') : word;
  });
}
