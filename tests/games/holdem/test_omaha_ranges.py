

@given(st.text(alphabet="AKQJT98765432*[]-!:,() .%sdhcwxyzr0", max_size=24))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_range_or_a_range_error(text: str) -> None:
    try:
        found = parse_range(text, hole_cards=4)
    except RangeError as error:
        assert error.token in text or error.token == text.strip()[: len(error.token)]
        return
    assert found.hole_cards == 4 and len(found) == len(found.weight_array())
