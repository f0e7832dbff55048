import { describe, expect, it } from 'vitest';
import { normalizeVietnamese as normalize } from './normalizeVietnamese';

describe('normalizeVietnamese', () => {
  it('reads plain numbers in words', () => {
    expect(normalize('Có 0 trường hợp')).toBe('Có không trường hợp');
    expect(normalize('15 hộ dân')).toBe('mười lăm hộ dân');
    expect(normalize('21 người')).toBe('hai mươi mốt người');
    expect(normalize('105 hộ')).toBe('một trăm linh năm hộ');
    expect(normalize('năm 2026')).toBe('năm hai nghìn không trăm hai mươi sáu');
  });

  it('reads dotted thousands and comma decimals the Vietnamese way', () => {
    expect(normalize('hỗ trợ 1.000.000 đồng')).toBe('hỗ trợ một triệu đồng');
    expect(normalize('12.500 người')).toBe('mười hai nghìn năm trăm người');
    expect(normalize('mực nước 3,5 mét')).toBe('mực nước ba phẩy năm mét');
    expect(normalize('tăng 1.5 lần')).toBe('tăng một phẩy năm lần');
    expect(normalize('1.234,5 tấn')).toBe('một nghìn hai trăm ba mươi tư phẩy năm tấn');
  });

  it('reads dates with day, month and year', () => {
    expect(normalize('22/11/2026')).toBe('ngày hai mươi hai tháng mười một năm hai nghìn không trăm hai mươi sáu');
    expect(normalize('22-11-2026')).toBe('ngày hai mươi hai tháng mười một năm hai nghìn không trăm hai mươi sáu');
    expect(normalize('2026-11-22')).toBe('ngày hai mươi hai tháng mười một năm hai nghìn không trăm hai mươi sáu');
    expect(normalize('04/04/2026')).toBe('ngày bốn tháng tư năm hai nghìn không trăm hai mươi sáu');
  });

  it('does not say "ngày" twice', () => {
    expect(normalize('từ ngày 22/11/2026')).toBe('từ ngày hai mươi hai tháng mười một năm hai nghìn không trăm hai mươi sáu');
    expect(normalize('Ngày 1/5')).toBe('Ngày một tháng năm');
    expect(normalize('trong tháng 11/2026')).toBe('trong tháng mười một năm hai nghìn không trăm hai mươi sáu');
  });

  it('reads short dates, day ranges and month-year', () => {
    expect(normalize('đêm 21/11')).toBe('đêm ngày hai mươi mốt tháng mười một');
    expect(normalize('từ 20-22/11')).toBe('từ ngày hai mươi đến hai mươi hai tháng mười một');
    expect(normalize('hạn 12/2026')).toBe('hạn tháng mười hai năm hai nghìn không trăm hai mươi sáu');
  });

  it('leaves impossible dates to the number reader', () => {
    expect(normalize('tỷ lệ 45/50')).toBe('tỷ lệ bốn mươi lăm trên năm mươi');
  });

  it('reads clock times', () => {
    expect(normalize('14h30')).toBe('mười bốn giờ ba mươi phút');
    expect(normalize('14:30')).toBe('mười bốn giờ ba mươi phút');
    expect(normalize("lúc 7h15'")).toBe('lúc bảy giờ mười lăm phút');
    expect(normalize('14g30')).toBe('mười bốn giờ ba mươi phút');
    expect(normalize('từ 14h ngày 22/11/2026')).toBe('từ mười bốn giờ ngày hai mươi hai tháng mười một năm hai nghìn không trăm hai mươi sáu');
    expect(normalize('08:05:09')).toBe('tám giờ năm phút chín giây');
    expect(normalize('7h00 sáng')).toBe('bảy giờ sáng');
  });

  it('reads ranges of numbers and times with "đến"', () => {
    expect(normalize('mưa 50-100mm')).toBe('mưa năm mươi đến một trăm mi li mét');
    expect(normalize('từ 14h-16h')).toBe('từ mười bốn giờ đến mười sáu giờ');
    expect(normalize('gió cấp 8 - 9')).toBe('gió cấp tám đến chín');
  });

  it('reads percentages', () => {
    expect(normalize('đạt 50%')).toBe('đạt năm mươi phần trăm');
    expect(normalize('độ ẩm 85 %')).toBe('độ ẩm tám mươi lăm phần trăm');
    expect(normalize('tăng 12,5%')).toBe('tăng mười hai phẩy năm phần trăm');
  });

  it('reads common units after a number', () => {
    expect(normalize('cách 30 km')).toBe('cách ba mươi ki lô mét');
    expect(normalize('sóng cao 5m')).toBe('sóng cao năm mét');
    expect(normalize('mưa 200 mm')).toBe('mưa hai trăm mi li mét');
    expect(normalize('120 ha lúa')).toBe('một trăm hai mươi héc ta lúa');
    expect(normalize('500 kg')).toBe('năm trăm ki lô gam');
    expect(normalize('nhiệt độ 35°C')).toBe('nhiệt độ ba mươi lăm độ xê');
    expect(normalize('rét -2°C')).toBe('rét âm hai độ xê');
    expect(normalize('sức gió 120 km/h')).toBe('sức gió một trăm hai mươi ki lô mét trên giờ');
    expect(normalize('diện tích 50m2')).toBe('diện tích năm mươi mét vuông');
    expect(normalize('áp suất 990 hPa')).toBe('áp suất chín trăm chín mươi héc tô pát xcan');
    expect(normalize('mức phạt 2.000.000đ')).toBe('mức phạt hai triệu đồng');
    expect(normalize('giá 7.500đ/kg')).toBe('giá bảy nghìn năm trăm đồng trên ki lô gam');
    expect(normalize('1,5 triệu đồng/người')).toBe('một phẩy năm triệu đồng trên người');
  });

  it('does not take the start of a word for a unit', () => {
    expect(normalize('3 mẫu ruộng')).toBe('ba mẫu ruộng');
    expect(normalize('2 lần')).toBe('hai lần');
    expect(normalize('5 giờ')).toBe('năm giờ');
  });

  it('reads storm numbers and ordinals', () => {
    expect(normalize('bão số 3')).toBe('bão số ba');
    expect(normalize('lần thứ 4')).toBe('lần thứ tư');
    expect(normalize('thứ 2')).toBe('thứ hai');
    expect(normalize('hạng thứ 1')).toBe('hạng thứ nhất');
  });

  it('reads phone numbers digit by digit in their groups', () => {
    expect(normalize('gọi 0912 345 678')).toBe('gọi không chín một hai, ba bốn năm, sáu bảy tám');
    expect(normalize('SĐT: 0912.345.678')).toBe('số điện thoại: không chín một hai, ba bốn năm, sáu bảy tám');
    expect(normalize('liên hệ 0912345678')).toBe('liên hệ không chín một hai, ba bốn năm, sáu bảy tám');
    expect(normalize('+84 912 345 678')).toBe('cộng tám tư, chín một hai, ba bốn năm, sáu bảy tám');
    expect(normalize('đường dây nóng 1022')).toBe('đường dây nóng một không hai hai');
    expect(normalize('gọi 114')).toBe('gọi một một bốn');
  });

  it('expands common abbreviations', () => {
    expect(normalize('UBND xã')).toBe('Ủy ban nhân dân xã');
    expect(normalize('HĐND huyện')).toBe('Hội đồng nhân dân huyện');
    expect(normalize('BCH PCTT&TKCN tỉnh')).toBe('Ban chỉ huy phòng chống thiên tai và tìm kiếm cứu nạn tỉnh');
    expect(normalize('TP. Đông Hà')).toBe('thành phố Đông Hà');
    expect(normalize('TX. Quảng Trị')).toBe('thị xã Quảng Trị');
    expect(normalize('TT. Khe Sanh')).toBe('thị trấn Khe Sanh');
    expect(normalize('lực lượng CA xã')).toBe('lực lượng công an xã');
    expect(normalize('theo QĐ số 12')).toBe('theo quyết định số mười hai');
    expect(normalize('cây cối, nhà cửa v.v.')).toBe('cây cối, nhà cửa vân vân');
    expect(normalize('dọc QL1A')).toBe('dọc quốc lộ một A');
    expect(normalize('tại TP.HCM')).toBe('tại Thành phố Hồ Chí Minh');
  });

  it('does not expand abbreviations inside words', () => {
    expect(normalize('CAO')).toBe('CAO');
    expect(normalize('Thông báo của CAND')).toBe('Thông báo của xê a nờ dê');
  });

  it('spells unknown acronyms and keeps all-capital words', () => {
    expect(normalize('THÔNG BÁO KHẨN')).toBe('THÔNG BÁO KHẨN');
    expect(normalize('chương trình OCOP')).toBe('chương trình o xê o pê');
  });

  it('turns lines and bullets into sentences and drops quotes', () => {
    expect(normalize('Thông báo\n- Di dời dân\n- Neo đậu tàu thuyền')).toBe('Thông báo. Di dời dân. Neo đậu tàu thuyền');
    expect(normalize('khu vực "nguy hiểm" (ven sông)')).toBe('khu vực nguy hiểm, ven sông,');
    expect(normalize('nước, điện & thực phẩm')).toBe('nước, điện và thực phẩm');
    expect(normalize('chống bão số 3 (bão Yagi)\nHồi 13h00')).toBe('chống bão số ba, bão Yagi. Hồi mười ba giờ');
  });

  it('reads a whole bulletin', () => {
    const bulletin = 'Thông báo: do ảnh hưởng của bão số 3, từ 14 giờ ngày 22/11/2026, UBND xã đề nghị 100% hộ dân vùng trũng di dời; gió mạnh cấp 10-11, mưa 150-200mm. SĐT trực ban: 0233 3852 123.';
    expect(normalize(bulletin)).toBe(
      'Thông báo: do ảnh hưởng của bão số ba, từ mười bốn giờ ngày hai mươi hai tháng mười một năm hai nghìn không trăm hai mươi sáu, '
      + 'Ủy ban nhân dân xã đề nghị một trăm phần trăm hộ dân vùng trũng di dời; gió mạnh cấp mười đến mười một, mưa một trăm năm mươi đến hai trăm mi li mét. '
      + 'số điện thoại trực ban: không hai ba ba, ba tám năm hai, một hai ba.',
    );
  });

  it('leaves no digit behind in a busy text', () => {
    const text = 'Ngày 1/1/2027 lúc 6h45, 3.250 người, 12,75%, 0,5 ha, km 15, số 0987654321, lần thứ 1, 2026-01-31, 1/2027.';
    expect(normalize(text)).not.toMatch(/\d/);
  });
});
